print("tend")

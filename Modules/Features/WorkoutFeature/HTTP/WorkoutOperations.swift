import HTTP

/// The OpenAPI description of each workout and supplement endpoint, named as its handler is.
enum WorkoutOperations {
    typealias S = OpenAPISchema

    static let sessionID = S.pathParameter("id", "The session's id")
    static let supplementName = S.pathParameter("name", "The supplement's name")

    // MARK: Sessions

    static let logSession = OpenAPIOperation(
        summary: "Log a session: sets in the compact form, and/or a WOD result", tag: "workouts",
        requestBody: S.jsonBody(S.ref("NewWorkout")), responses: [("201", S.jsonResponse("The session", S.ref("Workout")))])

    static let listSessions = OpenAPIOperation(
        summary: "Sessions between two dates", tag: "workouts",
        parameters: [S.queryParameter("from", "YYYY-MM-DD", S.date), S.queryParameter("to", "YYYY-MM-DD (inclusive)", S.date)],
        responses: [("200", S.jsonResponse("The sessions", S.ref("WorkoutList")))])

    static let stats = OpenAPIOperation(
        summary: "XP, level, streaks, the week against the goal, the month's time, today's plan", tag: "workouts",
        responses: [("200", S.jsonResponse("The stats", S.ref("WorkoutStats")))])

    static let records = OpenAPIOperation(
        summary: "Personal records of every exercise", tag: "workouts",
        responses: [("200", S.jsonResponse("The records", S.ref("RecordList")))])

    static let showSession = OpenAPIOperation(
        summary: "One session", tag: "workouts", parameters: [sessionID],
        responses: [("200", S.jsonResponse("The session", S.ref("Workout")))])

    static let editSession = OpenAPIOperation(
        summary: "Change a session (records are recomputed)", tag: "workouts", parameters: [sessionID],
        requestBody: S.jsonBody(S.ref("WorkoutPatch")), responses: [("200", S.jsonResponse("The session", S.ref("Workout")))])

    static let deleteSession = OpenAPIOperation(
        summary: "Delete a session", tag: "workouts", parameters: [sessionID], responses: [("204", S.emptyResponse("Deleted"))])

    // MARK: Exercises and the plan

    static let listExercises = OpenAPIOperation(
        summary: "The catalog and your own exercises", tag: "workouts",
        responses: [("200", S.jsonResponse("The exercises", S.ref("ExerciseList")))])

    static let addExercise = OpenAPIOperation(
        summary: "Add your own exercise", tag: "workouts", requestBody: S.jsonBody(S.ref("NewExercise")),
        responses: [("201", S.jsonResponse("The exercise", S.ref("Exercise")))])

    static let showPlan = OpenAPIOperation(
        summary: "The weekly plan", tag: "workouts", responses: [("200", S.jsonResponse("Weekday → plan", S.ref("Plan")))])

    static let setPlan = OpenAPIOperation(
        summary: "Set weekdays of the plan (an empty text or null clears one)", tag: "workouts", requestBody: S.jsonBody(S.ref("Plan")),
        responses: [("200", S.jsonResponse("Weekday → plan", S.ref("Plan")))])

    // MARK: Supplements

    static let listSupplements = OpenAPIOperation(
        summary: "Supplements", tag: "workouts", responses: [("200", S.jsonResponse("The supplements", S.ref("SupplementList")))])

    static let addSupplement = OpenAPIOperation(
        summary: "Add a supplement with its schedule", tag: "workouts", requestBody: S.jsonBody(S.ref("NewSupplement")),
        responses: [("201", S.jsonResponse("The supplement", S.ref("Supplement")))])

    static let checklist = OpenAPIOperation(
        summary: "Today's checklist", tag: "workouts", responses: [("200", S.jsonResponse("The checklist", S.ref("SupplementChecklist")))])

    static let takeSupplement = OpenAPIOperation(
        summary: "Take one now (once per scheduled time unless force=true)", tag: "workouts",
        parameters: [supplementName, S.queryParameter("force", "true to take an extra one", S.enumeration(["true", "false"]))],
        responses: [("201", S.jsonResponse("The intake", S.ref("Intake")))])

    static let removeSupplement = OpenAPIOperation(
        summary: "Remove a supplement", tag: "workouts", parameters: [supplementName], responses: [("204", S.emptyResponse("Removed"))])
}

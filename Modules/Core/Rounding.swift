/// Two decimals, the precision every figure in Tend's JSON is shown with.
public func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }

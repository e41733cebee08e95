/// `value` to `places` decimals (half away from zero): the one rounding of figures shown or sent.
public func rounded(_ value: Double, places: Int) -> Double {
    let scale = (0..<max(places, 0)).reduce(1.0) { scale, _ in scale * 10 }
    return (value * scale).rounded() / scale
}

/// Two decimals, the precision every figure in Tend's JSON is shown with.
public func round2(_ value: Double) -> Double { rounded(value, places: 2) }

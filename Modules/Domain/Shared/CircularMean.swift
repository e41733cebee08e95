import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Core

/// The mean of times of day on the 24-hour circle: 22:50 and 00:10 average to 23:30, not noon.
public enum CircularMean {
    /// nil for no times, or when the times cancel out (e.g. 06:00 and 18:00) and no mean exists.
    public static func averageTime(_ times: [LocalTime]) -> LocalTime? {
        guard !times.isEmpty else { return nil }
        var x = 0.0
        var y = 0.0
        for time in times {
            let angle = Double(time.minutes) / 1440 * 2 * .pi
            x += cos(angle)
            y += sin(angle)
        }
        guard (x * x + y * y).squareRoot() / Double(times.count) > 1e-9 else { return nil }
        var angle = atan2(y, x)
        if angle < 0 { angle += 2 * .pi }
        let minutes = Int((angle / (2 * .pi) * 1440).rounded()) % 1440
        return LocalTime(minutes: minutes)
    }
}

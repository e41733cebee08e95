import Core
import Console
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// Plays a timer schedule in the terminal: the time left in the phase, the phase and round, a
/// bar, and a bell at each change. The terminal goes into raw mode (no echo, keys at once) and
/// always comes back; space pauses, q (or Ctrl-C) stops.
struct LiveTimer {
    struct Outcome {
        let elapsed: Double
        let finished: Bool
    }

    let schedule: TimerSchedule
    let output: Output

    func run() throws -> Outcome {
        var saved = termios()
        let hasTerminal = tcgetattr(0, &saved) == 0
        if hasTerminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
            tcsetattr(0, TCSANOW, &raw)
        }
        defer {
            if hasTerminal { tcsetattr(0, TCSANOW, &saved) }
        }
        var elapsed = 0.0
        var paused = false
        var last = monotonic()
        var previousPhase: TimerSchedule.Phase?
        while elapsed < schedule.total {
            let now = monotonic()
            if !paused { elapsed += now - last }
            last = now
            let phase = schedule.phase(at: min(elapsed, schedule.total - 0.001))
            if phase != previousPhase {
                output.write(.bell)
                previousPhase = phase
            }
            draw(phase: phase, elapsed: elapsed, paused: paused)
            if let key = readKey(timeoutMilliseconds: 100) {
                if key == UInt8(ascii: "q") || key == 3 { return Outcome(elapsed: min(elapsed, schedule.total), finished: false) }
                if key == UInt8(ascii: " ") { paused.toggle() }
            }
        }
        output.write(.bell)
        draw(phase: schedule.phases.last, elapsed: schedule.total, paused: false)
        return Outcome(elapsed: schedule.total, finished: true)
    }

    private func draw(phase: TimerSchedule.Phase?, elapsed: Double, paused: Bool) {
        guard let phase else { return }
        let left = max(0, phase.end - elapsed)
        let progress = schedule.total > 0 ? min(1, elapsed / schedule.total) : 1
        let filled = Int(progress * 30)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
        let label = phase.kind == .work ? "WORK" : "REST"
        output.write(.redrawLine, "  \(DurationText.clock(left.rounded(.up)))  \(label)  round \(phase.round)/\(schedule.rounds)  \(bar)"
            + (paused ? "  (paused: space to go on)" : "  space pause · q stop"))
    }

    private func readKey(timeoutMilliseconds: Int32) -> UInt8? {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return nil }
        var byte: UInt8 = 0
        return read(0, &byte, 1) == 1 ? byte : nil
    }

    private func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

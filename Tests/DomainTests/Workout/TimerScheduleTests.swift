import Domain
import Testing

@Suite("TimerSchedule: timers as pure schedules")
struct TimerScheduleTests {
    typealias Phase = TimerSchedule.Phase

    /// "work 1 0-20": kind, round, start and end in whole seconds.
    func text(_ phase: Phase?) -> String? {
        phase.map { "\($0.kind.rawValue) \($0.round) \(Int($0.start))-\(Int($0.end))" }
    }

    func shape(_ schedule: TimerSchedule) -> [String] { schedule.phases.compactMap(text) }

    @Test("Tabata: 20 s on, 10 s off, 8 rounds: 240 s, the last rest included")
    func tabata() {
        let tabata = TimerSchedule.tabata()
        #expect(tabata.name == "Tabata")
        #expect(tabata.rounds == 8)
        #expect(tabata.total == 240)
        #expect(tabata.phases.count == 16)
        #expect(shape(tabata).prefix(4) == ["work 1 0-20", "rest 1 20-30", "work 2 30-50", "rest 2 50-60"])
        #expect(shape(tabata).suffix(2) == ["work 8 210-230", "rest 8 230-240"])
        #expect(tabata.phases.allSatisfy { $0.duration == ($0.kind == .work ? 20 : 10) })
        // Phases tile the timeline with no gap.
        #expect(zip(tabata.phases, tabata.phases.dropFirst()).allSatisfy { $0.end == $1.start })
        let custom = TimerSchedule.tabata(work: 30, rest: 15, rounds: 4)
        #expect(custom.total == 180 && custom.phases.count == 8)
    }

    @Test("EMOM 10 × 1 min: 600 s of ten work intervals")
    func emom() {
        let emom = TimerSchedule.emom(rounds: 10, interval: 60)
        #expect(emom.name == "EMOM 10 × 60 s")
        #expect(emom.total == 600)
        #expect(emom.phases.count == 10)
        #expect(emom.phases.allSatisfy { $0.kind == .work && $0.duration == 60 })
        #expect(emom.phases.map(\.round) == Array(1...10))
        #expect(TimerSchedule.emom(rounds: 12, interval: 90).total == 1080)
    }

    @Test("intervals 40/20 × 8: 460 s, no rest after the last round")
    func intervals() {
        let intervals = TimerSchedule.intervals(work: 40, rest: 20, rounds: 8)
        #expect(intervals.name == "Intervals 40/20 s × 8")
        #expect(intervals.total == 460)
        #expect(intervals.phases.count == 15)
        #expect(shape(intervals).suffix(3) == ["work 7 360-400", "rest 7 400-420", "work 8 420-460"])
        // No rest at all: the zero-length rests are left out.
        let noRest = TimerSchedule.intervals(work: 30, rest: 0, rounds: 3)
        #expect(shape(noRest) == ["work 1 0-30", "work 2 30-60", "work 3 60-90"])
        #expect(shape(TimerSchedule.intervals(work: 45, rest: 15, rounds: 1)) == ["work 1 0-45"])
    }

    @Test("AMRAP 12 = 720 s, For Time cap 20 = 1200 s, rest 90 = 90 s: one phase each")
    func singlePhase() {
        let amrap = TimerSchedule.amrap(minutes: 12)
        #expect(amrap.name == "AMRAP 12 min")
        #expect(amrap.total == 720)
        #expect(shape(amrap) == ["work 1 0-720"])
        #expect(TimerSchedule.amrap(minutes: 12.5).name == "AMRAP 12.5 min")
        #expect(TimerSchedule.amrap(minutes: 12.5).total == 750)
        let forTime = TimerSchedule.forTime(capMinutes: 20)
        #expect(forTime.name == "For Time, cap 20 min")
        #expect(shape(forTime) == ["work 1 0-1200"])
        let rest = TimerSchedule.rest(seconds: 90)
        #expect(rest.name == "Rest")
        #expect(shape(rest) == ["rest 1 0-90"])
    }

    @Test("phase(at:) finds the phase holding an instant, start included and end excluded; nil before and after")
    func phaseAt() {
        let tabata = TimerSchedule.tabata()
        #expect(text(tabata.phase(at: 0)) == "work 1 0-20")
        #expect(tabata.phase(at: 19.99)?.kind == .work)
        #expect(text(tabata.phase(at: 20)) == "rest 1 20-30")
        #expect(tabata.phase(at: 30)?.round == 2)
        #expect(text(tabata.phase(at: 239.9)) == "rest 8 230-240")
        #expect(tabata.phase(at: 240) == nil)
        #expect(tabata.phase(at: -1) == nil)

        let intervals = TimerSchedule.intervals(work: 40, rest: 20, rounds: 8)
        #expect(text(intervals.phase(at: 40)) == "rest 1 40-60")
        #expect(text(intervals.phase(at: 459.99)) == "work 8 420-460")
        #expect(intervals.phase(at: 460) == nil)

        let emom = TimerSchedule.emom(rounds: 10, interval: 60)
        #expect(emom.phase(at: 60)?.round == 2)
        #expect(emom.phase(at: 599)?.round == 10)
        #expect(TimerSchedule.amrap(minutes: 12).phase(at: 719.5)?.kind == .work)
    }
}

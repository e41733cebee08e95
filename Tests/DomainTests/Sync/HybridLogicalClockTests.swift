import Core
import Domain
import Foundation
import Testing

private func wall(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }

private func hlc(_ physical: Int64, _ counter: UInt16, _ device: String) -> HLCTimestamp {
    HLCTimestamp(physical: physical, counter: counter, deviceID: device)!
}

@Suite("Sync: hybrid logical clocks")
struct HybridLogicalClockTests {
    let t0: Int64 = 1_773_194_400_000 // 2026-03-11 02:00 UTC

    @Test("local events are strictly increasing, also when the wall clock goes back or stands still")
    func monotonicUnderBackwardWall() throws {
        var clock = try HybridLogicalClock(deviceID: "laptop")
        let walls: [Int64] = [t0, t0, t0 + 5, t0 - 60_000, t0 - 3_600_000, t0 + 1, t0 + 10_000]
        var previous: HLCTimestamp?
        for ms in walls {
            let next = try clock.now(wall: wall(ms))
            if let previous { #expect(previous < next) }
            previous = next
        }
        #expect(previous == hlc(t0 + 10_000, 0, "laptop"))
        var back = try HybridLogicalClock(deviceID: "laptop")
        _ = try back.now(wall: wall(t0))
        #expect(try back.now(wall: wall(t0 - 3_600_000)) == hlc(t0, 1, "laptop"))
    }

    @Test("a device 3 hours fast: the other device's edits after seeing it still order after it")
    func deviceThreeHoursFast() throws {
        let hours3: Int64 = 3 * 3_600_000
        var fast = try HybridLogicalClock(deviceID: "desktop")
        var right = try HybridLogicalClock(deviceID: "laptop")
        let fastEdit = try fast.now(wall: wall(t0 + hours3))
        // The right device edits first in real time, then sees the fast edit and edits again.
        let before = try right.now(wall: wall(t0 + 1_000))
        #expect(before < fastEdit) // without having seen it, wall time decides
        try right.receive(remote: fastEdit, wall: wall(t0 + 2_000))
        let after = try right.now(wall: wall(t0 + 3_000))
        #expect(fastEdit < after)
        #expect(after.physical == t0 + hours3) // it borrows the order, not the time
        // And the fast device, seeing that, orders its own next edit after it too.
        try fast.receive(remote: after, wall: wall(t0 + hours3 + 1))
        #expect(after < (try fast.now(wall: wall(t0 + hours3 + 2))))
        // A device 3 hours slow, after receiving, is after as well.
        var slow = try HybridLogicalClock(deviceID: "phone")
        try slow.receive(remote: after, wall: wall(t0 - hours3))
        #expect(after < (try slow.now(wall: wall(t0 - hours3))))
    }

    @Test("receive follows the paper's cases")
    func receiveCases() throws {
        var clock = try HybridLogicalClock(deviceID: "b")
        // Remote ahead of the wall: its physical, its counter + 1.
        #expect(try clock.receive(remote: hlc(t0 + 50, 7, "a"), wall: wall(t0)) == hlc(t0 + 50, 8, "b"))
        // Same physical on both sides: the larger counter + 1.
        #expect(try clock.receive(remote: hlc(t0 + 50, 3, "a"), wall: wall(t0)) == hlc(t0 + 50, 9, "b"))
        // Remote behind, wall behind: local counter + 1.
        #expect(try clock.receive(remote: hlc(t0, 99, "a"), wall: wall(t0 + 10)) == hlc(t0 + 50, 10, "b"))
        // Wall ahead of both: wall time, counter 0.
        #expect(try clock.receive(remote: hlc(t0 + 60, 2, "a"), wall: wall(t0 + 100)) == hlc(t0 + 100, 0, "b"))
    }

    @Test("a remote far beyond the drift bound is refused and the clock does not move")
    func driftBound() throws {
        var clock = try HybridLogicalClock(deviceID: "b")
        let mine = try clock.now(wall: wall(t0))
        #expect(throws: AppError.self) { try clock.receive(remote: hlc(t0 + 48 * 3_600_000, 0, "a"), wall: wall(t0)) }
        #expect(clock.last == mine)
        var trusting = try HybridLogicalClock(deviceID: "b", maximumDrift: nil)
        #expect(try trusting.receive(remote: hlc(t0 + 48 * 3_600_000, 0, "a"), wall: wall(t0)).physical == t0 + 48 * 3_600_000)
    }

    @Test("counter overflow moves the physical part on by 1 ms")
    func counterOverflow() throws {
        var clock = try HybridLogicalClock(deviceID: "a", last: hlc(t0, UInt16.max - 1, "a"))
        #expect(try clock.now(wall: wall(t0)) == hlc(t0, UInt16.max, "a"))
        #expect(try clock.now(wall: wall(t0)) == hlc(t0 + 1, 0, "a"))
        var receiver = try HybridLogicalClock(deviceID: "b")
        #expect(try receiver.receive(remote: hlc(t0, UInt16.max, "a"), wall: wall(t0)) == hlc(t0 + 1, 0, "b"))
    }

    @Test("the order is physical, then counter, then device id")
    func totalOrder() {
        #expect(hlc(1, 9, "z") < hlc(2, 0, "a"))
        #expect(hlc(2, 0, "z") < hlc(2, 1, "a"))
        #expect(hlc(2, 1, "a") < hlc(2, 1, "b"))
        #expect(!(hlc(2, 1, "a") < hlc(2, 1, "a")))
    }

    @Test("the text form round-trips and sorts as the clocks do")
    func textForm() throws {
        let sample = hlc(t0, 0x1f, "laptop-1")
        #expect(sample.text == "1773194400000-001f-laptop-1")
        #expect(HLCTimestamp(sample.text) == sample)
        #expect(hlc(5, 0, "a").text == "0000000000005-0000-a")
        for bad in ["", "1773194400000-001f-", "1773194400000-001F-a", "177319440000-0001-a", "1773194400000-0001-Laptop",
                    "1773194400000_0001-a", "x773194400000-0001-a"] {
            #expect(HLCTimestamp(bad) == nil, "\(bad)")
        }
        var generator = SystemRandomNumberGenerator()
        let devices = ["a", "a-b", "a_b", "ab", "b", "laptop", "z9"]
        var clocks: [HLCTimestamp] = []
        for _ in 0..<300 {
            clocks.append(hlc(Int64.random(in: 0...3, using: &generator) * 999 + [0, 1_000_000_000_000][Int.random(in: 0...1)],
                              UInt16.random(in: 0...3, using: &generator) * 0x0fff, devices.randomElement()!))
        }
        #expect(clocks.sorted() == clocks.sorted { $0.text < $1.text })
        #expect(clocks.sorted().map(\.text) == clocks.map(\.text).sorted())
    }

    @Test("Codable as its text form")
    func codable() throws {
        let clock = hlc(t0, 2, "laptop")
        let data = try JSONEncoder().encode([clock])
        #expect(String(decoding: data, as: UTF8.self) == "[\"1773194400000-0002-laptop\"]")
        #expect(try JSONDecoder().decode([HLCTimestamp].self, from: data) == [clock])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([HLCTimestamp].self, from: Data("[\"nope\"]".utf8)) }
    }

    @Test("device ids are checked")
    func deviceIDs() {
        #expect(throws: AppError.self) { try HybridLogicalClock(deviceID: "") }
        #expect(throws: AppError.self) { try HybridLogicalClock(deviceID: "Laptop") }
        #expect(throws: AppError.self) { try HybridLogicalClock(deviceID: String(repeating: "a", count: 65)) }
        #expect(HLCTimestamp(physical: -1, counter: 0, deviceID: "a") == nil)
    }
}

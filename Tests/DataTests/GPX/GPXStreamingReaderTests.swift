import Foundation
import Testing
import Core
import Domain
@testable import Data

/// The SAX2 reader's two ways of reading: into a document, and straight into statistics
/// without keeping the points (`tend gpx stats`). Both must agree exactly.
@Suite("GPX read as a stream")
struct GPXStreamingReaderTests {
    let gpx = LibXMLGPXCoding(maximumBytes: 4 << 20)

    static let rich = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:x="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" xmlns:o="urn:other">
          <wpt lat="38" lon="126.5"><name>Top</name></wpt>
          <trk><name>one</name><o:note><trkpt lat="0" lon="0"/></o:note><trkseg>
            <trkpt lat="37.5" lon="127.0"><ele>10</ele><time>2026-11-30T06:00:00Z</time>
              <extensions><x:TrackPointExtension><x:hr>130</x:hr></x:TrackPointExtension><o:power>200</o:power></extensions></trkpt>
            <trkpt lat="37.5003" lon="127.0001"><ele/><time>2026-11-30T06:00:05Z</time></trkpt>
            <trkpt lat="37.5006" lon="127.0002"><ele>12.5</ele><unknown><ele>9999</ele></unknown><time>2026-11-30T06:00:10Z</time></trkpt>
            <trkpt lat="37.5009" lon="127.0003"><ele>11</ele></trkpt>
            <trkpt lat="37.5012" lon="127.0004"><ele>1&#50;</ele><time>2026-11-30T15:00:20+09:00</time></trkpt>
          </trkseg><trkseg/><trkseg><trkpt lat="37.6" lon="127.1"><ele>30</ele></trkpt></trkseg></trk>
          <rte><rtept lat="36.9" lon="127.2"/></rte>
          <trk><trkseg><trkpt lat="37.7" lon="127.3"><time>2026-11-30T07:00:00Z</time></trkpt>
            <trkpt lat="37.7004" lon="127.3"><time>2026-11-30T07:00:04Z</time></trkpt></trkseg></trk>
        </gpx>
        """

    @Test("statistics read straight from the stream equal those of the stored document")
    func statisticsEqualTheDocuments() throws {
        let data = Data(Self.rich.utf8)
        let document = try gpx.read(data: data, name: "rich.gpx")
        let streamed = try gpx.statistics(data: data, name: "rich.gpx")
        #expect(streamed == TrackStatistics(document: document))
        #expect(streamed.points == 8 && streamed.tracks == 2 && streamed.segments == 4 && streamed.routes == 1 && streamed.waypoints == 1)
        // What is inside unknown elements is not read: no 9999 m, no point at 0,0.
        #expect(streamed.maxElevation == 30 && streamed.bounds?.minLatitude == 36.9)
        // A character reference splits the text: 1, then 2.
        #expect(document.tracks[0].segments[0][4].elevation == 12)
        #expect(document.tracks[0].segments[0][0].heartRate == 130)
        #expect(document.tracks[0].segments[0][1].elevation == nil)
        #expect(document.waypoints.first?.name == "Top")
    }

    @Test("a declared but unused entity is harmless; a used one is refused where it is used")
    func entityDeclarations() throws {
        let declared = "<!DOCTYPE gpx [<!ENTITY x \"1\">]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>a &amp; b</name></wpt></gpx>"
        #expect(try gpx.read(data: Data(declared.utf8), name: "d.gpx").waypoints.first?.name == "a & b")
        let used = "<!DOCTYPE gpx [<!ENTITY x \"1\">]>\n<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>&x;</name></wpt></gpx>"
        #expect(throws: AppError.self) { try gpx.statistics(data: Data(used.utf8), name: "d.gpx") }
    }

    @Test("a file on disk reads the same as its bytes")
    func fileAndBytesAgree() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-gpx-\(UUID().uuidString).gpx").path
        try Data(Self.rich.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try gpx.statistics(path: path) == gpx.statistics(data: Data(Self.rich.utf8), name: "x"))
        #expect(try gpx.read(path: path) == gpx.read(data: Data(Self.rich.utf8), name: "x"))
    }

    @Test(arguments: [
        ("2026-11-30T06:00:00Z", "2026-11-30T06:00:00Z"),
        ("2026-11-30T06:00:00z", "2026-11-30T06:00:00Z"),
        ("2026-11-30T06:00:00", "2026-11-30T06:00:00Z"), // GPX times without a zone are UTC
        ("2026-11-30T15:30:00+09:00", "2026-11-30T06:30:00Z"),
        ("2026-11-30T01:00:00-05:30", "2026-11-30T06:30:00Z"),
        ("2026-11-30T06:00:00.250Z", "2026-11-30T06:00:00.25Z"),
        ("  2026-11-30T06:00:00Z\n", "2026-11-30T06:00:00Z"),
    ])
    func timesWithOffsetsAndFractions(text: String, utc: String) throws {
        let document = try gpx.read(data: Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>\(text)</time></trkpt></trkseg></trk></gpx>".utf8),
                                    name: "t.gpx")
        let expected = try #require(ISO8601.parseInstant(utc))
        #expect(document.segments.first?.first?.timestamp == expected.timeIntervalSince1970)
    }

    @Test(arguments: [
        ("<gpx>\n<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2026-13-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>", 2, "ISO 8601"),
        ("<gpx><trk><trkseg>\n\n<trkpt lat=\"1\" lon=\"2\"><time>2026-11-30T25:00:00Z</time></trkpt></trkseg></trk></gpx>", 3, "ISO 8601"),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><ele>1.2.3</ele></wpt></gpx>", 1, "not a number"),
        ("<gpx><wpt lat=\" 1 \" lon=\"0x10\"/></gpx>", 1, "lon=\"0x10\""),
        ("<gpx>\n<wpt lat=\"-90.5\" lon=\"2\"/></gpx>", 2, "lat=-90.5"),
        ("<!DOCTYPE gpx [<!ENTITY x \"1\">]>\n<gpx><wpt lat=\"&x;\" lon=\"2\"/></gpx>", 2, "entity"),
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></trk></gpx>", 1, ""),
    ])
    func badValuesAreRefusedTheSameEitherWay(text: String, line: Int, words: String) throws {
        var messages: [String] = []
        for statistics in [false, true] {
            do {
                if statistics { _ = try gpx.statistics(data: Data(text.utf8), name: "v.gpx") } else { _ = try gpx.read(data: Data(text.utf8), name: "v.gpx") }
                Issue.record("accepted: \(text)")
            } catch let error as AppError {
                #expect(error.code == "invalid_gpx")
                #expect(error.message.hasPrefix("v.gpx:\(line): "), "\(error.message)")
                #expect(words.isEmpty || error.message.contains(words), "\(error.message)")
                messages.append(error.message)
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
    }
}

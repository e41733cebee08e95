import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("GPX on libxml2")
struct GPXReaderTests {
    let gpx = LibXMLGPXCoding(maximumBytes: 1 << 20)

    func read(_ text: String) throws -> GPXDocument {
        try gpx.read(data: Data(text.utf8), name: "test.gpx")
    }

    func failure(_ text: String) -> AppError? {
        do {
            _ = try read(text)
            return nil
        } catch let error as AppError {
            return error
        } catch {
            return nil
        }
    }

    @Test func readsAGPX11TrackWithGarminExtensions() throws {
        let document = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Watch" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <metadata><name>Morning run</name><desc>Han river</desc><time>2026-11-30T06:00:00Z</time></metadata>
              <wpt lat="37.5" lon="127.0"><ele>12</ele><name>Start</name></wpt>
              <trk><name>Run</name><trkseg>
                <trkpt lat="37.5000" lon="127.0000"><ele>10.5</ele><time>2026-11-30T06:00:00Z</time>
                  <extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>4.5</gpxtpx:atemp><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>
                </trkpt>
                <trkpt lat="37.5010" lon="127.0010"><ele>11</ele><time>2026-11-30T06:00:10.500+09:00</time></trkpt>
              </trkseg><trkseg><trkpt lat="37.6" lon="127.1"/></trkseg></trk>
              <rte><name>Plan</name><rtept lat="37.4" lon="126.9"/><rtept lat="37.41" lon="126.91"/></rte>
            </gpx>
            """)
        #expect(document.version == "1.1")
        #expect(document.creator == "Watch")
        #expect(document.name == "Morning run")
        #expect(document.description == "Han river")
        #expect(document.time == ISO8601.parseInstant("2026-11-30T06:00:00Z"))
        #expect(document.waypoints.count == 1)
        #expect(document.waypoints[0].name == "Start")
        #expect(document.waypoints[0].point.elevation == 12)
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].name == "Run")
        #expect(document.tracks[0].segments.map(\.count) == [2, 1])
        let first = document.tracks[0].segments[0][0]
        #expect(first.elevation == 10.5)
        #expect(first.heartRate == 120)
        #expect(first.cadence == 80)
        #expect(first.temperature == 4.5)
        let second = document.tracks[0].segments[0][1]
        #expect(second.timestamp == ISO8601.parseInstant("2026-11-29T21:00:10.5Z")!.timeIntervalSince1970)
        #expect(document.routes.first?.name == "Plan")
        #expect(document.routes.first?.points.count == 2)
    }

    @Test func readsGPX10WithSpeedAndCourseAndAnyPrefix() throws {
        let document = try read("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/0" version="1.0">
              <g:name>Old unit</g:name><g:time>2020-01-01T00:00:00Z</g:time>
              <g:trk><g:trkseg><g:trkpt lat="-33.9" lon="151.2"><g:ele>5</g:ele><g:speed>3.2</g:speed><g:course>90</g:course></g:trkpt></g:trkseg></g:trk>
            </g:gpx>
            """)
        #expect(document.version == "1.0")
        #expect(document.name == "Old unit")
        let point = try #require(document.tracks.first?.segments.first?.first)
        #expect(abs((point.speed ?? 0) - 3.2) < 1e-6) // stored as Float: 48 bytes a point
        #expect(point.course == 90)
        #expect(point.elevation == 5)
    }

    @Test func readsAFileWithoutANamespaceWithBOMCRLFCommentsAndCDATA() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- exported -->\r\n<gpx version=\"1.1\">\r\n<trk><name><![CDATA[Tom & Jerry <3]]></name>\r\n<trkseg>\r\n<trkpt lat=\"1\" lon=\"2\"><ele> 3 </ele><unknown><deep>x</deep></unknown></trkpt>\r\n</trkseg></trk>\r\n<extensions><whatever/></extensions></gpx>\r\n"
        let document = try read(text)
        #expect(document.tracks.first?.name == "Tom & Jerry <3")
        #expect(document.tracks.first?.segments.first?.first?.elevation == 3)
    }

    @Test(arguments: [
        ("<notgpx/>", 1, "not a GPX file"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg><trkpt lat=\"1\">", 1, "lat/lon"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n<trkpt lat=\"91\" lon=\"0\"/></trkseg></trk></gpx>", 3, "out of range"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"1\" lon=\"500\"/></gpx>", 2, "out of range"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n\n<wpt lat=\"1\" lon=\"2\"><ele>high</ele></wpt></gpx>", 3, "elevation"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"1\" lon=\"2\"><time>yesterday</time></wpt></gpx>", 2, "time"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">", 3, ""),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"abc\" lon=\"2\"/></gpx>", 1, "not a number"),
        ("not xml at all", 1, ""),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"1\" lon=\"2\"><ele>1e308</ele></wpt></gpx>", 2, "out of range"),
        ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:t=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\">\n<trk><trkseg><trkpt lat=\"1\" lon=\"1\"><extensions><t:TrackPointExtension><t:hr>1e30</t:hr></t:TrackPointExtension></extensions></trkpt></trkseg></trk></gpx>", 2, "heart rate"),
    ])
    func badFilesAreRefusedWithTheLine(text: String, line: Int, words: String) throws {
        let error = try #require(failure(text))
        #expect(error.code == "invalid_gpx")
        #expect(error.message.hasPrefix("test.gpx:\(line): "), "\(error.message)")
        #expect(words.isEmpty || error.message.contains(words), "\(error.message)")
    }

    @Test func entityBombsAndExternalEntitiesAreNotFollowed() throws {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
              <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
              <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
              <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
            ]>
            <gpx xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>&e;</name></metadata></gpx>
            """
        // Refused at the first entity reference, before any expansion (which would take gigabytes).
        let error = failure(bomb)
        #expect(error?.code == "invalid_gpx")
        #expect(error?.message.contains("entity") == true, "\(error?.message ?? "")")

        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <gpx xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>&secret;</name></metadata></gpx>
            """
        if let document = try? read(external) {
            #expect(document.name?.contains("root:") != true)
        }
    }

    @Test func sizeLimitAndMissingFiles() throws {
        let small = LibXMLGPXCoding(maximumBytes: 100)
        #expect(throws: AppError.self) { try small.read(data: Data(repeating: 0x20, count: 200), name: "big.gpx") }
        #expect(throws: AppError.self) { try gpx.read(path: "/nonexistent/file.gpx") }
        #expect(throws: AppError.self) { try gpx.read(path: "/tmp") }
        #expect(throws: AppError.self) { try gpx.read(data: Data(), name: "empty.gpx") }
    }

    @Test func theWriterRoundTripsPointsTimesAndElevations() throws {
        var point = TrackPoint(latitude: 37.123456789, longitude: -122.987654321, elevation: 12.25,
                               time: Date(timeIntervalSince1970: 1_764_500_000.25), heartRate: 150, cadence: 88, temperature: -3.5)
        point.speed = 3.5
        let document = GPXDocument(name: "A & B", time: Date(timeIntervalSince1970: 1_764_500_000),
                                   tracks: [GPXTrack(name: "<run>", segments: [[point, TrackPoint(latitude: 1, longitude: 2)], [point]])],
                                   routes: [GPXRoute(name: "r", points: [TrackPoint(latitude: 3, longitude: 4, elevation: 5)])],
                                   waypoints: [Waypoint(point: TrackPoint(latitude: 5, longitude: 6), name: "Box", description: "gym")])
        let text = gpx.write(document)
        #expect(text.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
        var again = try read(text)
        #expect(again.version == "1.1")
        again.version = nil
        again.creator = nil
        #expect(again == document)
    }

    @Test func aLargeFileStreams() throws {
        var text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for index in 0..<20_000 {
            text += "<trkpt lat=\"\(37 + Double(index) * 1e-5)\" lon=\"127\"><ele>\(index % 100)</ele><time>2026-11-30T06:00:00Z</time></trkpt>"
        }
        text += "</trkseg></trk></gpx>"
        let document = try LibXMLGPXCoding().read(data: Data(text.utf8), name: "long.gpx")
        #expect(document.segments.first?.count == 20_000)
    }
}

import Foundation
import Testing

/// `GET /v1/export` from the built `tend-server`, streamed, against `tend export` of the same
/// data: the server's zip is imported by the built `tend`, exported again, and every file but
/// the manifest's time (and the server's `couple/`) is the same.
@Suite("Export, end to end", .serialized)
struct ExportEndToEndTests {
    /// The entries of a zip, read by Python's zipfile (a reader that is not ours).
    static func entries(_ path: String) throws -> [String: Data] {
        let folder = URL(fileURLWithPath: path + ".d")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "zipfile", "-e", path, folder.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            result[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    static func manifest(_ data: Data?) -> [String: Any] {
        data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }

    @Test func theServersStreamedZipIsWhatTendExportWritesForTheSameData() async throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let token = try await server.token(for: "export@example.com")
        // A day apart each, so that no guard refuses one as a duplicate.
        for (index, kind) in ["long", "rapid", "rapid", "long", "rapid"].enumerated() {
            let dose = try await server.send("POST", "/v1/insulin/doses",
                                             json: ["kind": kind, "units": 2 + index, "note": "dose \(index), \"q\"",
                                                    "taken_at": "2026-11-2\(index + 1)T0\(index + 1):00:00+01:00"], token: token)
            #expect(dose.status == 201, "\(String(decoding: dose.body, as: UTF8.self))")
        }
        let started = try await server.send("POST", "/v1/quests/journeys", json: ["nickname": "Bori", "feeling": "sad", "style": "question"],
                                            token: token)
        #expect(started.status == 201 || started.status == 200)
        let answered = try await server.send("POST", "/v1/quests/answer", json: ["text": "An answer long enough to count, written down."],
                                             token: token)
        #expect(answered.status == 200 || answered.status == 201)

        // Over a raw HTTP/1.1 connection: chunked, no length, and a complete body.
        let exported = try await server.send("GET", "/v1/export", token: token)
        #expect(exported.status == 200)
        #expect(exported.headers["content-type"] == "application/zip")
        #expect(exported.headers["transfer-encoding"] == "chunked")
        #expect(exported.headers["content-length"] == nil)
        let tend = try TendProcess()
        defer { tend.remove() }
        let serverZip = tend.folder.appendingPathComponent("server.zip").path
        try exported.body.write(to: URL(fileURLWithPath: serverZip))
        let fromServer = try Self.entries(serverZip)
        #expect(fromServer.keys.contains("couple/moods.json"))
        #expect(String(decoding: fromServer["data/insulin_doses.json"] ?? Data(), as: UTF8.self).contains("dose 4, \\\"q\\\""))
        let markdown = fromServer.first { $0.key.hasPrefix("quest/") }.map { String(decoding: $0.value, as: UTF8.self) } ?? ""
        #expect(markdown.contains("## Quest 1 · Stage 1 · "), "\(markdown)")

        // The same data in a local database: tend import, then tend export.
        let environment = ["TZ": "UTC"]
        let imported = try tend.run(["import", serverZip], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let localZip = tend.folder.appendingPathComponent("local.zip").path
        let local = try tend.run(["--lang", "en", "export", "--to", localZip], environment: environment)
        #expect(local.status == 0, "\(local.stderr)")
        let fromCLI = try Self.entries(localZip)

        let shared = fromServer.keys.filter { !$0.hasPrefix("couple/") && $0 != "manifest.json" }
        #expect(Set(shared) == Set(fromCLI.keys).subtracting(["manifest.json"]))
        for name in shared.sorted() {
            #expect(fromServer[name] == fromCLI[name], "\(name) differs")
        }
        let serverManifest = Self.manifest(fromServer["manifest.json"])
        let localManifest = Self.manifest(fromCLI["manifest.json"])
        #expect(serverManifest["counts"] as? [String: Int] == localManifest["counts"] as? [String: Int])
        #expect((serverManifest["counts"] as? [String: Int])?["insulin_doses"] == 5)
        #expect(serverManifest["couple_counts"] != nil && localManifest["couple_counts"] == nil)
    }
}

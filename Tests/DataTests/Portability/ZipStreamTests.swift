import Foundation
import Testing
import Core
import Domain
@testable import Data

/// The zip writer's streamed entries (data descriptors): the bytes, and what readers make of them.
@Suite("Export zip: streamed entries")
struct ZipStreamTests {
    /// One entry at hand, one streamed in several blocks, one streamed empty.
    static func archive(blockSize: Int = 1000) throws -> (bytes: Data, chunks: [Int], payload: Data) {
        var bytes = Data()
        var chunks: [Int] = []
        let zip = ZipWriter { chunk in
            chunks.append(chunk.count)
            bytes.append(chunk)
        }
        try zip.add("manifest.json", Data("{}\n".utf8))
        var payload = Data()
        try zip.addStreamed("data/rows.json", blockSize: blockSize) { out in
            for row in 0..<2_000 {
                let line = "{\"n\":\(row),\"text\":\"한 줄 \(row * 7919 % 1000)\"}\n"
                payload.append(Data(line.utf8))
                try out.write(line)
            }
        }
        try zip.addStreamed("data/empty.json") { _ in }
        try zip.finish()
        return (bytes, chunks, payload)
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    static func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) | u16(bytes, at + 2) << 16 }

    @Test func aStreamedEntryHasBit3AndADataDescriptorAfterItsBytes() throws {
        let (data, _, payload) = try Self.archive()
        let bytes = [UInt8](data)
        // The first entry is at hand: CRC and size in its local header, no descriptor.
        #expect(Self.u16(bytes, 6) == 0x0800)
        #expect(Self.u32(bytes, 14) == Int(CRC32.checksum(Data("{}\n".utf8))))
        let second = 30 + "manifest.json".utf8.count + 3
        #expect(Self.u32(bytes, second) == 0x0403_4B50)
        #expect(Self.u16(bytes, second + 6) == 0x0808) // UTF-8 names + data descriptor
        #expect(Self.u32(bytes, second + 14) == 0 && Self.u32(bytes, second + 18) == 0 && Self.u32(bytes, second + 22) == 0)
        let descriptor = second + 30 + "data/rows.json".utf8.count + payload.count
        #expect(Self.u32(bytes, descriptor) == 0x0807_4B50)
        #expect(Self.u32(bytes, descriptor + 4) == Int(CRC32.checksum(payload)))
        #expect(Self.u32(bytes, descriptor + 8) == payload.count)
        #expect(Self.u32(bytes, descriptor + 12) == payload.count)

        let entries = try ExportZip.read(data)
        #expect(entries.map(\.name) == ["manifest.json", "data/rows.json", "data/empty.json"])
        #expect(entries[1].data == payload)
        #expect(entries[2].data.isEmpty)
    }

    @Test func theSameEntriesGiveTheSameBytesInBoundedBlocks() throws {
        let first = try Self.archive(blockSize: 1000)
        let second = try Self.archive(blockSize: 1000)
        #expect(first.bytes == second.bytes)
        // The block size changes how the bytes reach the sink, never the bytes.
        #expect(try Self.archive(blockSize: 64 * 1024).bytes == first.bytes)
        #expect(first.chunks.count > first.payload.count / 1100)
        #expect(first.chunks.max()! < 1100) // never the whole entry at once
    }

    @Test func libzipPythonAndUnzipReadAStreamedArchive() throws {
        let (data, _, payload) = try Self.archive()
        let path = NSTemporaryDirectory() + "tend-zipstream-\(UUID().uuidString).zip"
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let reader = try ZipReader(path: path)
        #expect(reader.entries.map(\.name) == ["manifest.json", "data/rows.json", "data/empty.json"])
        #expect(try reader.read(reader.entry(named: "data/rows.json")!) == payload)

        let python = try Self.run("/usr/bin/env", ["python3", "-m", "zipfile", "-t", path])
        #expect(python.status == 0, "python3 -m zipfile -t: \(python.output)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            let unzip = try Self.run("/usr/bin/unzip", ["-t", path])
            #expect(unzip.status == 0, "unzip -t: \(unzip.output)")
            #expect(unzip.output.contains("No errors detected"))
        }
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

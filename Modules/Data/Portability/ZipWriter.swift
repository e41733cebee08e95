import FoundationEssentials
import Core

/// Writes a ZIP archive as a stream of bytes: stored (uncompressed) entries, each with its
/// CRC-32 and sizes in the local header, one fixed DOS time (1980-01-01 00:00), UTF-8 names and
/// `-rw-------` permissions, in the order they are added. The same entries always give the same
/// bytes, and nothing is read back, so the output can go to a file or a socket as it is written.
/// No ZIP64: an archive is refused past 65,535 entries or 4 GiB.
public final class ZipWriter {
    private let sink: (Data) throws -> Void
    private var offset: UInt64 = 0
    private var central: [UInt8] = []
    private var names: Set<String> = []
    public private(set) var entryCount = 0
    private var finished = false

    /// `sink` receives the archive's bytes in order.
    public init(sink: @escaping (Data) throws -> Void) {
        self.sink = sink
    }

    /// Bytes written so far.
    public var bytesWritten: UInt64 { offset }

    /// Adds one file. Names are relative paths with `/` separators, each at most once.
    public func add(_ name: String, _ data: Data) throws {
        precondition(!finished, "the archive is finished")
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), names.insert(name).inserted else {
            throw AppError(.internalFailure, code: "zip_name", "bad or repeated entry name '\(name)'")
        }
        let nameBytes = Array(name.utf8)
        guard entryCount < 65_535, nameBytes.count <= 65_535, UInt64(data.count) < 0xFFFF_FFFF,
              offset + UInt64(data.count) + 30 + UInt64(nameBytes.count) < 0xFFFF_FFFF else {
            throw AppError(.tooLarge, code: "export_too_large", "the export is larger than a ZIP without ZIP64 can hold (4 GiB, 65,535 files)")
        }
        let crc = CRC32.checksum(data)
        let size = UInt32(data.count)
        var local: [UInt8] = []
        local.reserveCapacity(30 + nameBytes.count)
        Self.put32(0x0403_4B50, &local)
        Self.put16(20, &local)                 // version needed: 2.0
        Self.put16(0x0800, &local)             // names in UTF-8
        Self.put16(0, &local)                  // stored
        Self.put16(0, &local)                  // 00:00:00
        Self.put16(Self.dosDate, &local)       // 1980-01-01
        Self.put32(crc, &local)
        Self.put32(size, &local)
        Self.put32(size, &local)
        Self.put16(UInt16(nameBytes.count), &local)
        Self.put16(0, &local)                  // no extra field
        local += nameBytes

        Self.put32(0x0201_4B50, &central)
        Self.put16(0x0314, &central)           // made by: Unix, 2.0 (so the permissions below count)
        Self.put16(20, &central)
        Self.put16(0x0800, &central)
        Self.put16(0, &central)
        Self.put16(0, &central)
        Self.put16(Self.dosDate, &central)
        Self.put32(crc, &central)
        Self.put32(size, &central)
        Self.put32(size, &central)
        Self.put16(UInt16(nameBytes.count), &central)
        Self.put16(0, &central)                // extra
        Self.put16(0, &central)                // comment
        Self.put16(0, &central)                // disk
        Self.put16(0, &central)                // internal attributes
        Self.put32(UInt32(0o100600) << 16, &central) // regular file, rw-------
        Self.put32(UInt32(offset), &central)
        central += nameBytes

        try emit(Data(local))
        if !data.isEmpty { try emit(data) }
        entryCount += 1
    }

    /// Writes the central directory and the end record; the archive is complete.
    public func finish() throws {
        precondition(!finished, "the archive is finished")
        finished = true
        let directoryOffset = offset
        guard directoryOffset + UInt64(central.count) < 0xFFFF_FFFF else {
            throw AppError(.tooLarge, code: "export_too_large", "the export is larger than a ZIP without ZIP64 can hold (4 GiB)")
        }
        var end: [UInt8] = []
        Self.put32(0x0605_4B50, &end)
        Self.put16(0, &end)
        Self.put16(0, &end)
        Self.put16(UInt16(entryCount), &end)
        Self.put16(UInt16(entryCount), &end)
        Self.put32(UInt32(central.count), &end)
        Self.put32(UInt32(directoryOffset), &end)
        Self.put16(0, &end)                    // no comment
        try emit(Data(central))
        try emit(Data(end))
        central = []
    }

    private func emit(_ data: Data) throws {
        try sink(data)
        offset += UInt64(data.count)
    }

    /// 1980-01-01 in DOS form: (year - 1980) << 9 | month << 5 | day.
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1

    private static func put16(_ value: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8(value >> 8))
    }

    private static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8((value >> 8) & 0xFF))
        out.append(UInt8((value >> 16) & 0xFF))
        out.append(UInt8(value >> 24))
    }
}

/// CRC-32 (IEEE 802.3, the polynomial ZIP and PNG use), eight bytes at a step ("slicing by 8":
/// eight tables of 256 entries, each the previous one advanced by a byte).
public enum CRC32 {
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    public static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { t in
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                let count = bytes.count
                var index = 0
                while index + 8 <= count {
                    let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                        | UInt32(bytes[index + 3]) << 24)
                    crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(bytes[index + 4])] ^ t[2 * 256 + Int(bytes[index + 5])]
                        ^ t[256 + Int(bytes[index + 6])] ^ t[Int(bytes[index + 7])]
                    index += 8
                }
                while index < count {
                    crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

import FoundationEssentials
import Core

/// Writes a ZIP archive as a stream of bytes: stored (uncompressed) entries, one fixed DOS time
/// (1980-01-01 00:00), UTF-8 names and `-rw-------` permissions, in the order they are added.
/// Nothing is read back or sought, so the output can go to a file or a socket as it is written.
/// An entry whose bytes are at hand (`add`) carries its CRC-32 and sizes in its local header; an
/// entry written piece by piece (`addStreamed`: a table of ten years of doses) has them in a data
/// descriptor after its bytes (general-purpose bit 3), so it is never held whole. Either way the
/// same entries give the same bytes, and the central directory has every CRC and size, which is
/// what readers (libzip, Python's zipfile, Info-ZIP's unzip) go by.
/// No ZIP64: an archive is refused past 65,535 entries or 4 GiB.
public final class ZipWriter {
    private let sink: (Data) throws -> Void
    private var offset: UInt64 = 0
    private var central: [UInt8] = []
    private var names: Set<String> = []
    public private(set) var entryCount = 0
    private var finished = false
    private var streaming = false

    /// `sink` receives the archive's bytes in order.
    public init(sink: @escaping (Data) throws -> Void) {
        self.sink = sink
    }

    /// Bytes written so far.
    public var bytesWritten: UInt64 { offset }

    /// Adds one file. Names are relative paths with `/` separators, each at most once.
    public func add(_ name: String, _ data: Data) throws {
        let nameBytes = try begin(name, size: UInt64(data.count))
        let crc = CRC32.checksum(data)
        let size = UInt32(data.count)
        let headerOffset = offset
        try emit(Data(Self.localHeader(nameBytes, flags: Self.utf8Names, crc: crc, size: size)))
        if !data.isEmpty { try emit(data) }
        try end(nameBytes, flags: Self.utf8Names, crc: crc, size: size, at: headerOffset)
    }

    /// Adds one file whose bytes `body` writes piece by piece (its size and CRC-32 follow them
    /// in a data descriptor). The pieces reach the sink in blocks of `blockSize` bytes.
    public func addStreamed(_ name: String, blockSize: Int = 64 * 1024, _ body: (ZipEntryStream) throws -> Void) throws {
        let nameBytes = try begin(name, size: 0)
        let flags = Self.utf8Names | Self.dataDescriptor
        let headerOffset = offset
        try emit(Data(Self.localHeader(nameBytes, flags: flags, crc: 0, size: 0)))
        streaming = true
        defer { streaming = false }
        let entry = ZipEntryStream(blockSize: blockSize) { [unowned self] block in try self.emit(block) }
        try body(entry)
        try entry.flush()
        guard entry.size < 0xFFFF_FFFF, offset + 16 < 0xFFFF_FFFF else { throw Self.tooLarge }
        let crc = CRC32.finish(entry.crc)
        var descriptor: [UInt8] = []
        Self.put32(0x0807_4B50, &descriptor)
        Self.put32(crc, &descriptor)
        Self.put32(UInt32(entry.size), &descriptor)
        Self.put32(UInt32(entry.size), &descriptor)
        try emit(Data(descriptor))
        try end(nameBytes, flags: flags, crc: crc, size: UInt32(entry.size), at: headerOffset)
    }

    /// Writes the central directory and the end record; the archive is complete.
    public func finish() throws {
        precondition(!finished && !streaming, "the archive is finished, or an entry is being written")
        finished = true
        let directoryOffset = offset
        guard directoryOffset + UInt64(central.count) < 0xFFFF_FFFF else { throw Self.tooLarge }
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

    // MARK: - Entries

    /// Bit 11: names in UTF-8. Bit 3: CRC and sizes in a data descriptor after the bytes.
    static let utf8Names: UInt16 = 0x0800
    static let dataDescriptor: UInt16 = 0x0008

    static var tooLarge: AppError {
        AppError(.tooLarge, code: "export_too_large", "the export is larger than a ZIP without ZIP64 can hold (4 GiB, 65,535 files)")
    }

    /// Checks a new entry's name and room; its name's bytes.
    private func begin(_ name: String, size: UInt64) throws -> [UInt8] {
        precondition(!finished && !streaming, "the archive is finished, or an entry is being written")
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), names.insert(name).inserted else {
            throw AppError(.internalFailure, code: "zip_name", "bad or repeated entry name '\(name)'")
        }
        let nameBytes = Array(name.utf8)
        guard entryCount < 65_535, nameBytes.count <= 65_535, size < 0xFFFF_FFFF,
              offset + size + 30 + UInt64(nameBytes.count) < 0xFFFF_FFFF else { throw Self.tooLarge }
        return nameBytes
    }

    private static func localHeader(_ nameBytes: [UInt8], flags: UInt16, crc: UInt32, size: UInt32) -> [UInt8] {
        var local: [UInt8] = []
        local.reserveCapacity(30 + nameBytes.count)
        put32(0x0403_4B50, &local)
        put16(20, &local)                 // version needed: 2.0
        put16(flags, &local)
        put16(0, &local)                  // stored
        put16(0, &local)                  // 00:00:00
        put16(dosDate, &local)            // 1980-01-01
        put32(crc, &local)
        put32(size, &local)
        put32(size, &local)
        put16(UInt16(nameBytes.count), &local)
        put16(0, &local)                  // no extra field
        local += nameBytes
        return local
    }

    /// The entry's central directory record.
    private func end(_ nameBytes: [UInt8], flags: UInt16, crc: UInt32, size: UInt32, at headerOffset: UInt64) throws {
        Self.put32(0x0201_4B50, &central)
        Self.put16(0x0314, &central)           // made by: Unix, 2.0 (so the permissions below count)
        Self.put16(20, &central)
        Self.put16(flags, &central)
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
        Self.put32(UInt32(headerOffset), &central)
        central += nameBytes
        entryCount += 1
    }

    private func emit(_ data: Data) throws {
        try sink(data)
        offset += UInt64(data.count)
    }

    /// 1980-01-01 in DOS form: (year - 1980) << 9 | month << 5 | day.
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1

    static func put16(_ value: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8(value >> 8))
    }

    static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8((value >> 8) & 0xFF))
        out.append(UInt8((value >> 16) & 0xFF))
        out.append(UInt8(value >> 24))
    }
}

/// The bytes of one streamed zip entry: gathered into blocks, each checksummed and passed on,
/// so that an entry of any size costs one block of memory.
public final class ZipEntryStream {
    private let blockSize: Int
    private let emit: (Data) throws -> Void
    private var block: [UInt8] = []
    private(set) var crc = CRC32.start
    private(set) var size: UInt64 = 0

    init(blockSize: Int, emit: @escaping (Data) throws -> Void) {
        self.blockSize = max(1, blockSize)
        self.emit = emit
        block.reserveCapacity(self.blockSize)
    }

    public func write(_ text: String) throws {
        var text = text
        text.withUTF8 { block.append(contentsOf: $0) }
        if block.count >= blockSize { try flush() }
    }

    public func write(_ data: Data) throws {
        block.append(contentsOf: data)
        if block.count >= blockSize { try flush() }
    }

    func flush() throws {
        guard !block.isEmpty else { return }
        crc = block.withUnsafeBytes { CRC32.update(crc, $0) }
        size += UInt64(block.count)
        try emit(Data(block))
        block.removeAll(keepingCapacity: true)
    }
}

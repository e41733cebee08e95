import FoundationEssentials
import CLibZip
import Core

/// Reads a zip archive with libzip (loaded when first used), entry by entry, within limits: an
/// archive is checked for consistency when opened, every entry is read to its end (so libzip
/// checks its CRC), and no entry is read past `Limits.maximumEntryBytes` whatever its header
/// claims, so a damaged or hostile archive is refused before it costs much memory.
final class ZipReader {
    struct Limits: Sendable {
        /// One entry, uncompressed.
        var maximumEntryBytes = 256 << 20
        /// Every entry read, together.
        var maximumTotalBytes = 1 << 30
        /// Uncompressed bytes per compressed byte, for entries past `ratioThresholdBytes`: a
        /// JSON history compresses about tenfold; a zip bomb a thousandfold.
        var maximumRatio = 200
        var ratioThresholdBytes = 1 << 20
        var maximumEntries = 100_000

        static let standard = Limits()
    }

    struct Entry: Sendable, Equatable {
        let index: UInt64
        let name: String
        let size: UInt64
        let compressedSize: UInt64
    }

    let path: String
    let limits: Limits
    private let archive: OpaquePointer
    private(set) var entries: [Entry] = []
    private var bytesRead = 0

    init(path: String, limits: Limits = .standard) throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory else {
            throw AppError.notFound("\(path): no such file", code: "file_not_found").with(["path": path])
        }
        guard tend_zip_available() != 0 else {
            throw AppError.unavailable("libzip is not installed (Debian: libzip4)", code: "libzip_missing")
        }
        self.path = path
        self.limits = limits
        var error: Int32 = 0
        guard let archive = tend_zip_open(path, tend_zip_read_only() | tend_zip_check_consistency(), &error) else {
            throw Self.damaged(path, "it is not a zip archive, or a damaged one (libzip error \(error))")
        }
        self.archive = archive
        do {
            try list()
        } catch {
            tend_zip_discard(archive)
            throw error
        }
    }

    deinit { tend_zip_discard(archive) }

    static func damaged(_ path: String, _ problem: String) -> AppError {
        AppError(.unprocessable, code: "invalid_archive", "\(path): \(problem)").with(["path": path])
    }

    private func list() throws {
        let count = tend_zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw Self.damaged(path, "its entries cannot be listed") }
        guard count <= limits.maximumEntries else {
            throw AppError(.tooLarge, code: "archive_too_large", "\(path) holds \(count) entries; an export holds at most \(limits.maximumEntries)")
        }
        var seen = Set<String>()
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            tend_zip_stat_init(&stat)
            guard tend_zip_stat_index(archive, index, 0, &stat) == 0, let rawName = stat.name,
                  tend_zip_stat_has_size(&stat) != 0, tend_zip_stat_has_comp_size(&stat) != 0 else {
                throw Self.damaged(path, "entry \(index + 1) cannot be read")
            }
            let name = String(cString: rawName)
            guard seen.insert(name).inserted else { throw Self.damaged(path, "the entry '\(name)' appears twice") }
            entries.append(Entry(index: index, name: name, size: stat.size, compressedSize: stat.comp_size))
            if tend_zip_stat_is_encrypted(&stat) != 0, !name.hasSuffix("/") {
                throw Self.damaged(path, "the entry '\(name)' is encrypted")
            }
        }
    }

    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The entry's bytes, refused when they are larger than the limits allow or do not match
    /// what the archive says of them.
    func read(_ entry: Entry) throws -> Data {
        let limit = limits.maximumEntryBytes
        func tooLarge(_ detail: String) -> AppError {
            AppError(.tooLarge, code: "archive_too_large", "\(entry.name) in \(path) \(detail)")
                .with(["entry": entry.name, "path": path])
        }
        guard entry.size <= UInt64(limit) else { throw tooLarge("is \(entry.size) bytes uncompressed; an entry may be \(limit >> 20) MiB") }
        guard bytesRead + Int(entry.size) <= limits.maximumTotalBytes else {
            throw tooLarge("would take the archive past \(limits.maximumTotalBytes >> 20) MiB uncompressed")
        }
        if entry.size > UInt64(limits.ratioThresholdBytes), entry.size / max(entry.compressedSize, 1) > UInt64(limits.maximumRatio) {
            throw tooLarge("expands \(entry.size / max(entry.compressedSize, 1)) times: it looks like a zip bomb")
        }
        guard let file = tend_zip_fopen_index(archive, entry.index, 0) else {
            throw Self.damaged(path, "the entry '\(entry.name)' cannot be opened (\(String(cString: tend_zip_strerror(archive))))")
        }
        defer { tend_zip_fclose(file) }
        var data = Data(capacity: Int(entry.size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { tend_zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
            if count < 0 {
                throw Self.damaged(path, "the entry '\(entry.name)' is damaged (\(String(cString: tend_zip_file_strerror(file))))")
            }
            if count == 0 { break }
            guard data.count + Int(count) <= min(limit, Int(entry.size)) else {
                throw Self.damaged(path, "the entry '\(entry.name)' holds more than its header says")
            }
            data.append(contentsOf: chunk[0..<Int(count)])
        }
        guard data.count == Int(entry.size) else {
            throw Self.damaged(path, "the entry '\(entry.name)' is shorter than its header says")
        }
        bytesRead += data.count
        return data
    }
}

import FoundationEssentials
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// Photo bytes under a folder, content-addressed: `ab/cdef…` by their SHA-256. The same bytes
/// are stored once; a file is written to a temporary name and renamed, so a reader never sees
/// half a photo. A couple's photos are theirs alone: files 0600, folders 0700, and a folder
/// left broader by an older Tend is narrowed when the store opens.
public struct FilePhotoStore: PhotoStore {
    let directory: String
    let digest: @Sendable (Data) -> String

    /// - Parameter digest: SHA-256 in lower-case hex (libsodium's, from `Crypto`).
    public init(directory: String, digest: @escaping @Sendable (Data) -> String) {
        self.directory = directory
        self.digest = digest
        Self.narrow(directory)
    }

    public func store(_ data: Data) throws -> String {
        let hash = digest(data)
        let path = self.path(hash)
        if FileManager.default.fileExists(atPath: path) { return hash }
        let folder = "\(directory)/\(hash.prefix(2))"
        let failed = AppError(.internalFailure, code: "photo_store_failed", "could not store a photo under \(directory)")
        guard Self.makeFolder(directory), Self.makeFolder(folder) else { throw failed }
        let temporary = folder + "/.tmp-" + UUIDv7.makeString()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failed }
        let written = Self.writeAll(descriptor, data) && fsync(descriptor) == 0
        guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failed
        }
        return hash
    }

    public func data(sha256: String) throws -> Data? {
        guard Self.isHash(sha256) else { return nil }
        return FileManager.default.contents(atPath: path(sha256))
    }

    public func remove(sha256: String) throws {
        guard Self.isHash(sha256) else { return }
        try? FileManager.default.removeItem(atPath: path(sha256))
    }

    func path(_ hash: String) -> String {
        "\(directory)/\(hash.prefix(2))/\(hash.dropFirst(2))"
    }

    /// Creates a folder (and its parents) 0700 when it is missing; true when it is there.
    static func makeFolder(_ folder: String) -> Bool {
        var info = stat()
        if stat(folder, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        if let slash = folder.lastIndex(of: "/"), slash != folder.startIndex, !makeFolder(String(folder[..<slash])) { return false }
        return mkdir(folder, 0o700) == 0 || errno == EEXIST
    }

    /// Narrows the store's folder to its owner when it exists broader (made by an older Tend):
    /// the files under it are then out of anyone else's reach too.
    static func narrow(_ folder: String) {
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
              info.st_mode & 0o077 != 0 else { return }
        chmod(folder, info.st_mode & 0o700)
    }

    static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}

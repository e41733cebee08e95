import FoundationEssentials
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// Photo bytes under a folder, content-addressed: `ab/cdef…` by their SHA-256. The same bytes
/// are stored once; a file is written to a temporary name and renamed, so a reader never sees
/// half a photo.
public struct FilePhotoStore: PhotoStore {
    let directory: String
    let digest: @Sendable (Data) -> String

    /// - Parameter digest: SHA-256 in lower-case hex (libsodium's, from `Crypto`).
    public init(directory: String, digest: @escaping @Sendable (Data) -> String) {
        self.directory = directory
        self.digest = digest
    }

    public func store(_ data: Data) throws -> String {
        let hash = digest(data)
        let path = self.path(hash)
        if FileManager.default.fileExists(atPath: path) { return hash }
        let folder = "\(directory)/\(hash.prefix(2))"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let temporary = folder + "/.tmp-" + UUIDv7.makeString()
            try data.write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else {
                try? FileManager.default.removeItem(atPath: temporary)
                throw AppError(.internalFailure, code: "photo_store_failed", "could not store a photo under \(directory)")
            }
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError(.internalFailure, code: "photo_store_failed", "could not store a photo under \(directory): \(error)")
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

    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}

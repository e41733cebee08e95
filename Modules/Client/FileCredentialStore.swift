import FoundationEssentials
import Core
#if canImport(Glibc)
import Glibc
#endif

/// The saved login in `$XDG_CONFIG_HOME/tend/credentials.json` (else
/// `~/.config/tend/credentials.json`): readable by its owner only (file 0600, folder 0700),
/// replaced atomically (a temporary file renamed over it), so a crash never leaves half a file.
public struct FileCredentialStore: CredentialStore {
    /// The file, or nil when neither XDG_CONFIG_HOME nor HOME says where it goes.
    public let path: String?

    public init(environment: [String: String]) {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            path = Self.trimmingSlashes(config) + "/tend/credentials.json"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = Self.trimmingSlashes(home) + "/.config/tend/credentials.json"
        } else {
            path = nil
        }
    }

    public func load() throws -> Credentials? {
        let path = try resolvedPath()
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw AppError.unavailable("cannot read the saved login \(path): \(Self.systemError())", code: "credentials_unreadable")
        }
        defer { close(descriptor) }
        guard let data = Self.readAll(descriptor) else {
            throw AppError.unavailable("cannot read the saved login \(path): \(Self.systemError())", code: "credentials_unreadable")
        }
        do {
            return try JSONDecoder().decode(Credentials.self, from: data)
        } catch {
            throw AppError.unavailable(
                "the saved login \(path) is damaged (not the JSON tend writes): "
                    + "log in again with `tend account login --server URL --email E`, or delete the file",
                code: "credentials_unreadable")
        }
    }

    public func save(_ credentials: Credentials) throws {
        let path = try resolvedPath()
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try Self.makeFolder(folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(credentials) + Data("\n".utf8)

        let temporary = "\(folder)/.credentials.json.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let failed = { (what: String) -> AppError in
            AppError.unavailable("cannot save the login in \(path): \(what) failed (\(Self.systemError()))", code: "credentials_unwritable")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failed("creating a temporary file") }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        guard Self.writeAll(descriptor, data), fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            let error = failed("writing")
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failed("writing") }
        guard rename(temporary, path) == 0 else { throw failed("replacing the file") }
        renamed = true
        // The rename is durable once the folder is synced.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    public func remove() throws {
        let path = try resolvedPath()
        guard unlink(path) == 0 || errno == ENOENT else {
            throw AppError.unavailable("cannot remove the saved login \(path): \(Self.systemError())", code: "credentials_unwritable")
        }
    }

    // MARK: - Helpers

    private func resolvedPath() throws -> String {
        guard let path else {
            throw AppError.unavailable("cannot find a place for the saved login: set HOME or XDG_CONFIG_HOME",
                                       code: "credentials_unavailable")
        }
        return path
    }

    /// Creates the folder (and missing parents) with mode 0700, and narrows `tend`'s own folder
    /// to 0700 when it exists with broader permissions.
    static func makeFolder(_ folder: String, isOwnFolder: Bool = true) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw AppError.unavailable("cannot save the login: \(folder) is not a folder", code: "credentials_unwritable")
            }
            if isOwnFolder, info.st_mode & 0o077 != 0, info.st_uid == getuid() { chmod(folder, 0o700) }
            return
        }
        if let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            try makeFolder(String(folder[..<slash]), isOwnFolder: false)
        }
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
            throw AppError.unavailable("cannot create the folder \(folder) for the saved login: \(systemError())",
                                       code: "credentials_unwritable")
        }
    }

    static func readAll(_ descriptor: Int32) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > 1 << 20 { return data } // not a login file: the decoder will say so
        }
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

    static func systemError() -> String { String(cString: strerror(errno)) }

    static func trimmingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}

import FoundationEssentials
import Core

/// The server's export of an account (`GET /v1/export`): the same archive as `tend export`, with
/// `couple/` holding the couple content the account authored and the bytes of its photos.
public protocol AccountExporter: Sendable {
    /// Writes the archive's bytes to `sink` in order; `photo(sha256)` gives a stored photo's bytes.
    func exportAccount(accountID: String, appVersion: String, photo: (String) throws -> Data?,
                       sink: (Data) throws -> Void) throws -> PersonalDataCounts
}

extension CoupleUseCases {
    /// The stored bytes of a photo (already stripped of its metadata when it was put), for the
    /// export of the account that authored it.
    public func storedPhoto(sha256: String) throws -> Data? {
        try photoStore.data(sha256: sha256)
    }
}

import FoundationEssentials
import Core

/// The server's export of an account (`GET /v1/export`): the same archive as `tend export`, with
/// `couple/` holding the couple content the account authored and the bytes of its photos.
public protocol AccountExporter: Sendable {
    /// Writes the archive's bytes to `sink` in order, as they are made (the server streams them:
    /// memory stays bounded whatever the account holds); `photo(sha256)` gives a stored photo's
    /// bytes; `language` is the one the quests' titles are written in.
    func exportAccount(accountID: String, appVersion: String, language: Language, photo: (String) throws -> Data?,
                       sink: (Data) throws -> Void) throws -> PersonalDataCounts
}

extension AccountExporter {
    /// In English.
    public func exportAccount(accountID: String, appVersion: String, photo: (String) throws -> Data?,
                              sink: (Data) throws -> Void) throws -> PersonalDataCounts {
        try exportAccount(accountID: accountID, appVersion: appVersion, language: .en, photo: photo, sink: sink)
    }
}

extension CoupleUseCases {
    /// The stored bytes of a photo (already stripped of its metadata when it was put), for the
    /// export of the account that authored it.
    public func storedPhoto(sha256: String) throws -> Data? {
        try photoStore.data(sha256: sha256)
    }
}

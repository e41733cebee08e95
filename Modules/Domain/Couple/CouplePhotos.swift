import FoundationEssentials
import Core

/// The photo of the day: one per member and local day, stripped of location metadata, stored
/// content-addressed.
extension CoupleUseCases {
    /// Today's photo of the member: recognised by its bytes, stripped of location-bearing
    /// metadata, stored content-addressed. A second one the same day replaces the first.
    public func putPhoto(accountID: String, data: Data, caption: String?) throws -> CouplePhoto {
        let caption = try Self.optionalText(caption, field: "caption", limit: Self.maximumCaptionLength)
        _ = try activeCouple(accountID: accountID)
        let sanitized = try photos.sanitize(data)
        let (format, clean) = (sanitized.format, sanitized.data)
        let hash = try photoStore.store(clean) // the file first: a row never points at missing bytes
        let now = clock.now
        let day = today(of: accountID)
        var replaced: String?
        let photo: CouplePhoto = try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            let existing = try couples.photos(coupleID: couple.id, from: day, through: day).first { $0.authorID == accountID }
            var photo = existing ?? CouplePhoto(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, day: day,
                                                sha256: hash, format: format, byteCount: clean.count, caption: caption,
                                                createdAt: now, updatedAt: now)
            if let existing, existing.sha256 != hash { replaced = existing.sha256 }
            photo.sha256 = hash
            photo.format = format
            photo.byteCount = clean.count
            photo.caption = caption
            photo.updatedAt = now
            try couples.save(photo)
            return photo
        }
        // Stored again now that the row is in: a concurrent clean-up that counted no reference
        // to these bytes before the row landed may have removed the file (store skips an existing one).
        _ = try photoStore.store(clean)
        if let replaced {
            try transactor.write {
                if try couples.photoReferences(sha256: replaced) == 0 { try? photoStore.remove(sha256: replaced) }
            }
        }
        announce(accountID: accountID) { partner in .photoShared(photo, recipientID: partner) }
        return photo
    }

    /// Both members' photos of a date (each on their own local date; default the caller's today).
    public func photos(accountID: String, on day: LocalDate?) throws -> [CouplePhoto] {
        let couple = try activeCouple(accountID: accountID)
        let day = day ?? today(of: accountID)
        return try couples.photos(coupleID: couple.id, from: day, through: day)
    }

    /// A photo's bytes, for the two members — or, after a disconnection and within the archive
    /// window, for its own author.
    public func photoData(accountID: String, id: String) throws -> (photo: CouplePhoto, data: Data) {
        let now = clock.now
        for couple in try couples.couples(accountID: accountID) {
            guard let photo = try couples.photo(coupleID: couple.id, id: id) else { continue }
            let allowed = couple.isActive
                || (photo.authorID == accountID && (couple.disconnectedAt.map { now.timeIntervalSince($0) < Self.archiveWindow } ?? false))
            guard allowed else { break }
            guard let data = try photoStore.data(sha256: photo.sha256) else {
                throw AppError(.internalFailure, code: "photo_missing", "the stored bytes of photo \(id) are missing")
            }
            return (photo, data)
        }
        throw AppError.notFound("no photo \(id)", code: "photo_not_found")
    }
}

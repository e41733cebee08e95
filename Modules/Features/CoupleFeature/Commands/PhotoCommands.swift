import FoundationEssentials
import Client
import Console
import Core
import Domain
import HTTP

/// `tend couple photo FILE`, `tend couple photo get`, `tend couple archive`.
enum PhotoCommands {
    /// The options of these commands, declared once.
    enum Options {
        static let caption = Option.value("caption", valueName: "TEXT", help: "A caption.")
        static let date = Option.value("date", valueName: "YYYY-MM-DD", help: "The day (default today).")
        static let partner = Option.flag("partner", help: "Your partner's photo instead of yours.")
        static let photoOut = Option.value("out", valueName: "FILE", help: "Where to write it (required).")
        static let archiveOut = Option.value("out", valueName: "DIR", help: "The folder to write archive.json and photos/ into (required).")
    }

    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "photo", abstract: "Share today's photo (one a day; a second one replaces it), or download one with 'photo get'.",
            discussion: "JPEG, PNG, WebP or HEIC up to 10 MiB. The server removes location metadata (Exif, XMP) before storing it.",
            arguments: [Argument("file", help: "The image to share.")],
            options: [Options.caption],
            subcommands: [get(context)]
        ) { invocation in
            let path = invocation.argument("file") ?? ""
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw AppError.invalidInput("cannot read the file \(path)", code: "file_not_found")
            }
            let size = (attributes[.size] as? Int) ?? Int((attributes[.size] as? UInt64) ?? 0)
            guard size <= CouplePhoto.maximumSize else {
                throw AppError(.tooLarge, code: "image_too_large", "\(path) is larger than 10 MiB")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw AppError.invalidInput("cannot read the file \(path)", code: "file_not_found")
            }
            let caption = CaptionQuery(invocation.option(Options.caption.name))
            let photo = try context(invocation).client.call(CoupleAPI.putPhoto, caption, body: data)
            try invocation.respond(json: { photo }, text: {
                "Shared today's photo (\(photo.mediaType), \(photo.bytes) bytes)\(photo.caption.map { ": \($0)" } ?? "")."
            })
        }
    }

    static func get(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "get", abstract: "Download a day's photo — yours, or your partner's with --partner.",
            options: [Options.date, Options.partner, Options.photoOut]
        ) { invocation in
            guard let out = invocation.option(Options.photoOut.name) else { throw UsageError("missing --out FILE") }
            let context = try context(invocation)
            let list = try context.client.call(CoupleAPI.photos, DateQuery(try HomeCommand.date(invocation)))
            let me = try context.myID()
            let wanted = invocation.flag(Options.partner.name)
            guard let photo = list.photos.first(where: { ($0.accountID == me) != wanted }) else {
                throw AppError.notFound("no photo from \(wanted ? "your partner" : "you") that day", code: "photo_not_found")
            }
            let bytes = try context.client.call(CoupleAPI.photo, ItemID(photo.id)).data
            try write(bytes, to: out)
            try invocation.respond(json: { photo }, text: {
                "Wrote \(out) (\(photo.mediaType), \(bytes.count) bytes)\(photo.caption.map { ": \($0)" } ?? "")."
            })
        }
    }

    static func archive(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "archive", abstract: "Download everything you wrote and uploaded in your space (for 30 days after a disconnection).",
            options: [Options.archiveOut]
        ) { invocation in
            guard let folder = invocation.option(Options.archiveOut.name) else { throw UsageError("missing --out DIR") }
            let context = try context(invocation)
            let (archive, response) = try context.client.callReturningResponse(CoupleAPI.archive, NoParameters(), body: NoBody())
            do {
                try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
            } catch {
                throw AppError.invalidInput("cannot create the folder \(folder)", code: "cannot_write")
            }
            try write(response.body, to: folder + "/archive.json")
            for photo in archive.photos {
                let bytes = try context.client.call(CoupleAPI.photo, ItemID(photo.id)).data
                let ext = photo.mediaType.split(separator: "/").last.map(String.init) ?? "bin"
                // Names come from the server: only plain characters reach the file system.
                let name = safeName("\(photo.date)-\(photo.id)") + "." + safeName(ext == "jpeg" ? "jpg" : ext)
                try write(bytes, to: "\(folder)/photos/\(name)")
            }
            try invocation.respond(json: { archive }, text: {
                "Wrote \(folder)/archive.json: \(counted(archive.moods.count, "mood")), "
                    + "\(counted(archive.events.count, "event")), \(counted(archive.care.count, "care item")), "
                    + "\(counted(archive.meetings.count, "meeting")), \(counted(archive.photos.count, "photo"))."
                    + (archive.availableUntil.map { "\nAvailable until \(CoupleText.shortTime($0))." } ?? "")
            })
        }
    }

    static func safeName(_ text: String) -> String {
        let kept = String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
            .map(Character.init).prefix(100))
        return kept.isEmpty ? "photo" : kept
    }

    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AppError.invalidInput("cannot write \(path)", code: "cannot_write")
        }
    }
}

import FoundationEssentials
import Core
import Domain
import HTTP

/// The home's own forms besides the mood: the photo of the day (taken with the phone's camera,
/// posted as `multipart/form-data`, stripped of its location by `putPhoto` as the API's upload
/// is) and the next meeting — the use cases of `tend couple photo|meet` and `/v1/couple`.
extension CoupleController {
    func spaceRoutes() -> [Route] {
        [
            // A body over the limit is refused before it is read: the photo's own words, on the home.
            routes.upload("/couple/photos", maximumFileSize: CouplePhoto.maximumSize, tooLarge: { context, _ in
                try photoRefused(context, AppError(.tooLarge, code: "image_too_large", "the photo is larger than 10 MiB"))
            }) { context, form, files in
                do {
                    _ = try couples.putPhoto(accountID: context.account!.id, data: files["photo"]?.data ?? Data(),
                                             caption: form.text("caption"))
                } catch let error as AppError where error.kind != .internalFailure {
                    return try photoRefused(context, error)
                }
                return WebResponses.redirect("/couple?done=photo", context: context)
            },
            routes.get("/couple/photos/{id}") { context in
                try photo(context)
            },
            routes.post("/couple/meeting") { context, form in
                do {
                    let text = form.text("date") ?? ""
                    guard let day = LocalDate(text) else {
                        throw AppError.invalidInput("date must be YYYY-MM-DD (got '\(text)')", code: "invalid_date")
                    }
                    _ = try couples.setMeeting(accountID: context.account!.id, day: day, place: form.text("place"))
                } catch let error as AppError where error.kind == .invalidInput || error.kind == .notFound {
                    return try page(context, error: message(error, context.language), status: HTTPStatus.code(for: error.kind))
                }
                return WebResponses.redirect("/couple?done=meeting", context: context)
            },
        ]
    }

    /// The home with why the photo was refused (its Korean in the catalog), with the refusal's status.
    func photoRefused(_ context: WebContext, _ error: AppError) throws -> HTTPResponse {
        try page(context, error: message(error, context.language), status: HTTPStatus.code(for: error.kind))
    }

    /// A photo's bytes for the two members (404 for anyone else, as a missing one). Revalidated
    /// by its SHA-256: the same photo id gets new bytes when its author replaces it that day.
    func photo(_ context: WebContext) throws -> HTTPResponse {
        let (photo, data) = try couples.photoData(accountID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
        let tag = "\"\(photo.sha256)\""
        var response = context.request.header("if-none-match") == tag
            ? HTTPResponse(status: 304, headers: [])
            : HTTPResponse(status: 200, headers: [("Content-Type", photo.format.mediaType)], body: data)
        response.setHeader("ETag", tag)
        response.setHeader("Cache-Control", "private, no-cache")
        response.setHeader("X-Content-Type-Options", "nosniff")
        response.setHeader("Content-Security-Policy", "default-src 'none'; sandbox")
        response.setHeader("Vary", "Cookie")
        return response
    }

    static func doneNotice(_ done: String, words: WebWords) -> String? {
        switch done {
        case "photo": words.photoShared
        case "meeting": words.meetingSaved
        default: nil
        }
    }
}

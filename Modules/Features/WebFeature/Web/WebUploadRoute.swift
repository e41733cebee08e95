import FoundationEssentials
import Core
import Domain
import HTTP

/// A form with a file (`enctype="multipart/form-data"`): the same CSRF and login checks as a
/// plain form, and a body limit of the file's own limit plus the text fields'
/// (`MultipartForm.bodyLimit`), known to the server before it reads the body. A body over it
/// gets `tooLarge`'s page (the route's `refusalPage`), not the API's JSON; nothing was read, so
/// nothing changed and no CSRF token is needed for it.
extension WebRouteMaker {
    typealias UploadHandler = @Sendable (WebContext, FormBody, [String: MultipartForm.File]) throws -> HTTPResponse
    typealias RefusalHandler = @Sendable (WebContext, AppError) throws -> HTTPResponse

    func upload(_ path: String, maximumFileSize: Int, tooLarge: @escaping RefusalHandler, _ handler: @escaping UploadHandler) -> Route {
        let contexts = contexts
        let failure = failurePage
        let expired = expiredPage
        var route = Route("POST", path, requiresAuth: false, maximumBodySize: MultipartForm.bodyLimit(maximumFileSize: maximumFileSize),
                          accepts: ["multipart/form-data"], operation: Self.operation) { request in
            let context = contexts.make(request)
            do {
                let form = try MultipartForm(request.body, contentType: request.header("content-type"), maximumFileSize: maximumFileSize)
                guard context.isGenuine(form.fields) else { return expired(context) }
                if context.account == nil { return Self.toLogin(context) }
                return try handler(context, form.fields, form.files)
            } catch {
                return failure(context, error)
            }
        }
        route.refusalPage = { request, error in
            let context = contexts.make(request)
            if context.account == nil { return Self.toLogin(context) }
            do { return try tooLarge(context, error) } catch { return failure(context, error) }
        }
        return route
    }
}

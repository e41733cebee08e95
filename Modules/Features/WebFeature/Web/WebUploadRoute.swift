import FoundationEssentials
import Core
import Domain
import HTTP

/// A form with a file (`enctype="multipart/form-data"`): the same CSRF and login checks as a
/// plain form, and a body limit of the file's own limit plus the text fields'
/// (`MultipartForm.bodyLimit`), known to the server before it reads the body.
extension WebRouteMaker {
    typealias UploadHandler = @Sendable (WebContext, FormBody, [String: MultipartForm.File]) throws -> HTTPResponse

    func upload(_ path: String, maximumFileSize: Int, _ handler: @escaping UploadHandler) -> Route {
        let contexts = contexts
        let failure = failurePage
        let expired = expiredPage
        return Route("POST", path, requiresAuth: false, maximumBodySize: MultipartForm.bodyLimit(maximumFileSize: maximumFileSize),
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
    }
}

import FoundationEssentials

/// Bytes with their media type that the server produces while it sends them (an export zip):
/// a route returns them with a `ResponseStream`; a client reads the whole body into `data`.
public struct StreamedBytes: Sendable {
    public let mediaType: String
    /// The producer, on the server's side.
    public let stream: ResponseStream?
    /// The body as a client received it.
    public let data: Data

    /// The server's answer: `stream` writes the body.
    public init(mediaType: String, stream: ResponseStream) {
        self.mediaType = mediaType
        self.stream = stream
        data = Data()
    }

    /// What a client received.
    public init(received data: Data, mediaType: String) {
        self.mediaType = mediaType
        stream = nil
        self.data = data
    }
}

extension AnswerCoding where Answer == StreamedBytes {
    /// A body streamed with its media type as `Content-Type` and these further headers (no
    /// `Content-Length`: on HTTP/1.1 the server sends it chunked).
    public static func streamedBytes(headers: [(name: String, value: String)]) -> AnswerCoding<StreamedBytes> {
        let fixed = headers.map { ($0.name, $0.value) }
        return AnswerCoding(status: 200, write: { answer in
            let headers = [("Content-Type", answer.mediaType)] + fixed
            guard let stream = answer.stream else { return HTTPResponse(status: 200, headers: headers, body: answer.data) }
            return .streamed(status: 200, headers: headers, stream)
        }, read: { body, headers in
            StreamedBytes(received: body, mediaType: headers["content-type"] ?? "application/octet-stream")
        })
    }
}

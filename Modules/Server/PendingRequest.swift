import FoundationEssentials

/// A request while it arrives.
final class PendingRequest {
    let connectionID: Int
    var headers: [(name: String, value: String)] = []
    var remoteAddress: String?
    var body = Data()
    var limit = 1 << 20
    var tooLarge = false
    var answered = false
    /// Answered before its body was read (`HTTPServer.refuse`): its connection lingers on close.
    var lingers = false
    /// Whether it entered `requestsInFlight`.
    var counted = false

    init(connectionID: Int) {
        self.connectionID = connectionID
    }
}

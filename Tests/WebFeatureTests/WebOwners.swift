import Foundation
import Composition

extension WebWorld {
    /// The account id behind an email signed up with `signedUp`'s password (a login of its own).
    static func ownerID(_ container: Container, email: String = "minji@example.com") throws -> String {
        try container.accounts.login(email: email, password: "correct horse battery").session.accountID
    }
}

import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/couple/…` and `/v1/me/location`: the couple space for the account of the token, the
/// routes of `CoupleAPI`'s endpoints. An account outside a couple gets 404 for every couple resource.
public enum CoupleRoutes {
    /// Photo bodies: the image's own bytes, up to 10 MiB (what they are is read from the bytes).
    public static let photoTypes = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "application/octet-stream"]

    public static func make(couples: CoupleUseCases) -> [Route] {
        CoupleController(couples: couples).routes
    }
}

extension CoupleController {
    /// Every endpoint with its OpenAPI operation and the method that serves it.
    var routes: [Route] {
        typealias S = OpenAPISchema
        let id = S.pathParameter("id", "The item's id")
        let dateQuery = S.queryParameter("date", "YYYY-MM-DD (default: your today)", S.date)
        return [
            // Pairing
            Route(CoupleAPI.createInvite, operation: OpenAPIOperation(
                summary: "Create an invite code (revokes your previous one)", tag: "couple",
                responses: [("201", S.jsonResponse("The code, valid 24 h", S.ref("Invite")))]
            ), handler: createInvite),
            Route(CoupleAPI.join, operation: OpenAPIOperation(
                summary: "Join your partner's space with their code", tag: "couple",
                requestBody: S.jsonBody(S.ref("Join")), responses: [("200", S.jsonResponse("The couple", S.ref("Couple")))]
            ), handler: join),
            Route(CoupleAPI.couple, operation: OpenAPIOperation(
                summary: "Your couple", tag: "couple", responses: [("200", S.jsonResponse("The couple", S.ref("Couple")))]
            ), handler: couple),
            Route(CoupleAPI.disconnect, operation: OpenAPIOperation(
                summary: "Disconnect: both lose the space at once; each can download their own writings for 30 days", tag: "couple",
                responses: [("204", S.emptyResponse("Disconnected"))]
            ), handler: disconnect),
            Route(CoupleAPI.archive, operation: OpenAPIOperation(
                summary: "What you wrote and uploaded in your space (30 days after a disconnection)", tag: "couple",
                responses: [("200", S.jsonResponse("Your writings; photos as links", S.ref("Archive")))]
            ), handler: archive),
            // The space
            Route(CoupleAPI.home, operation: OpenAPIOperation(
                summary: "The home: next meeting, the bridge, both times, weathers and moods, recent moments", tag: "couple",
                parameters: [dateQuery], responses: [("200", S.jsonResponse("The home", S.ref("Home")))]
            ), handler: home),
            Route(CoupleAPI.setLocation, operation: OpenAPIOperation(
                summary: "Your city and its coordinates (for your partner's view and the weather)", tag: "couple",
                requestBody: S.jsonBody(S.ref("Location")), responses: [("200", S.jsonResponse("Saved", S.ref("Location")))]
            ), handler: setLocation),
            Route(CoupleAPI.setMood, operation: OpenAPIOperation(
                summary: "Today's mood (again the same day replaces it)", tag: "couple",
                requestBody: S.jsonBody(S.ref("MoodInput")), responses: [("200", S.jsonResponse("Today's mood", S.ref("Mood")))]
            ), handler: setMood),
            Route(CoupleAPI.moods, operation: OpenAPIOperation(
                summary: "Both moods between two dates (default: the last 30 days)", tag: "couple",
                parameters: [S.queryParameter("from", "YYYY-MM-DD", S.date), S.queryParameter("to", "YYYY-MM-DD (inclusive)", S.date)],
                responses: [("200", S.jsonResponse("The moods, newest first", S.ref("MoodList")))]
            ), handler: moods),
            Route(CoupleAPI.setMeeting, operation: OpenAPIOperation(
                summary: "The next meeting (replaces the upcoming one; past ones are kept)", tag: "couple",
                requestBody: S.jsonBody(S.ref("MeetingInput")), responses: [("200", S.jsonResponse("The meeting", S.ref("Meeting")))]
            ), handler: setMeeting),
            Route(CoupleAPI.meetings, operation: OpenAPIOperation(
                summary: "Every meeting, newest first", tag: "couple",
                responses: [("200", S.jsonResponse("The meetings", S.ref("MeetingList")))]
            ), handler: meetings),
            // The calendar
            Route(CoupleAPI.events, operation: OpenAPIOperation(
                summary: "The month view, repeats expanded (counts as checking the calendar today)", tag: "couple",
                parameters: [S.queryParameter("month", "YYYY-MM (default: this month)",
                                              ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"])],
                responses: [("200", S.jsonResponse("The occurrences", S.ref("EventList")))]
            ), handler: events),
            Route(CoupleAPI.addEvent, operation: OpenAPIOperation(
                summary: "Add an event to the shared calendar", tag: "couple",
                requestBody: S.jsonBody(S.ref("EventInput")), responses: [("201", S.jsonResponse("The event", S.ref("Event")))]
            ), handler: addEvent),
            Route(CoupleAPI.editEvent, operation: OpenAPIOperation(
                summary: "Change an event", tag: "couple", parameters: [id],
                requestBody: S.jsonBody(S.ref("EventPatch")), responses: [("200", S.jsonResponse("The event", S.ref("Event")))]
            ), handler: editEvent),
            Route(CoupleAPI.deleteEvent, operation: OpenAPIOperation(
                summary: "Delete an event", tag: "couple", parameters: [id], responses: [("204", S.emptyResponse("Deleted"))]
            ), handler: deleteEvent),
            Route(CoupleAPI.checkCalendar, operation: OpenAPIOperation(
                summary: "Record that you looked at the shared calendar today", tag: "couple",
                responses: [("200", S.jsonResponse("The check", S.ref("CalendarCheck")))]
            ), handler: checkCalendar),
            // The care list
            Route(CoupleAPI.careList, operation: OpenAPIOperation(
                summary: "The care list: open items by due date, then the done ones", tag: "couple",
                responses: [("200", S.jsonResponse("The items", S.ref("CareList")))]
            ), handler: careList),
            Route(CoupleAPI.addCare, operation: OpenAPIOperation(
                summary: "Add something to care about, for you or your partner", tag: "couple",
                requestBody: S.jsonBody(S.ref("CareInput")), responses: [("201", S.jsonResponse("The item", S.ref("Care")))]
            ), handler: addCare),
            Route(CoupleAPI.completeCare, operation: OpenAPIOperation(
                summary: "Complete a care item (either of you)", tag: "couple", parameters: [id],
                responses: [("200", S.jsonResponse("The item", S.ref("Care")))]
            ), handler: completeCare),
            Route(CoupleAPI.deleteCare, operation: OpenAPIOperation(
                summary: "Delete a care item", tag: "couple", parameters: [id], responses: [("204", S.emptyResponse("Deleted"))]
            ), handler: deleteCare),
            // Photos and the bridge
            Route(CoupleAPI.putPhoto, operation: OpenAPIOperation(
                summary: "Today's photo (JPEG, PNG, WebP or HEIC, at most 10 MiB; location metadata is removed)", tag: "couple",
                parameters: [S.queryParameter("caption", "A caption (at most 200 characters)")],
                requestBody: ["required": true, "content": .object(CoupleRoutes.photoTypes.map {
                    ($0, ["schema": ["type": "string", "format": "binary"]])
                })],
                responses: [("200", S.jsonResponse("The photo", S.ref("Photo")))]
            ), handler: putPhoto),
            Route(CoupleAPI.photos, operation: OpenAPIOperation(
                summary: "Both photos of a date", tag: "couple", parameters: [dateQuery],
                responses: [("200", S.jsonResponse("The photos", S.ref("PhotoList")))]
            ), handler: photos),
            Route(CoupleAPI.photo, operation: OpenAPIOperation(
                summary: "A photo's bytes", tag: "couple", parameters: [id],
                responses: [("200", ["description": "The image", "content": .object(PhotoFormat.allCases.map {
                    ($0.mediaType, ["schema": ["type": "string", "format": "binary"]])
                })])]
            ), handler: photo),
            Route(CoupleAPI.bridge, operation: OpenAPIOperation(
                summary: "The bridge of a date: points by part, the stage and the streak of completed bridges", tag: "couple",
                parameters: [dateQuery], responses: [("200", S.jsonResponse("The bridge", S.ref("Bridge")))]
            ), handler: bridge),
        ]
    }
}

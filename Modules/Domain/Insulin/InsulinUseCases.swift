import Core

/// The insulin log's use cases, built once by the container and handed to the CLI and the server.
public struct InsulinUseCases: Sendable {
    /// The clock the use cases read, for presenters that resolve "today" the same way.
    public let clock: any Clock
    public let settings: InsulinSettingsService
    public let logDose: LogDose
    public let editDose: EditDose
    public let deleteDose: DeleteDose
    public let listDoses: ListDoses
    public let status: GetInsulinStatus
    public let monthReport: GetInsulinMonthReport

    public init(doses: any DoseRepository, settings settingsRepository: any InsulinSettingsRepository,
                transactor: any Transactor, clock: any Clock,
                defaultTimeZone: @escaping @Sendable (_ ownerID: String) -> String, events: any DomainEventSink) {
        let settings = InsulinSettingsService(repository: settingsRepository, transactor: transactor, clock: clock,
                                              defaultTimeZone: defaultTimeZone, events: events)
        self.clock = clock
        self.settings = settings
        logDose = LogDose(doses: doses, settings: settings, transactor: transactor, clock: clock, events: events)
        editDose = EditDose(doses: doses, settings: settings, transactor: transactor, clock: clock, events: events)
        deleteDose = DeleteDose(doses: doses, transactor: transactor, clock: clock, events: events)
        listDoses = ListDoses(doses: doses, settings: settings)
        status = GetInsulinStatus(doses: doses, settings: settings, clock: clock)
        monthReport = GetInsulinMonthReport(doses: doses, settings: settings, clock: clock)
    }
}

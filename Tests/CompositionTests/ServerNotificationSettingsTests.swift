import Foundation
import Testing
import Domain
@testable import Composition

/// `server.conf`'s `notification_*` keys: the outbox timing and whether this server delivers,
/// from the file, the environment and the options, each problem with its line and key.
@Suite("Server configuration: notifications")
struct ServerNotificationSettingsTests {
    @Test("without settings: delivery on, the standard timing")
    func defaults() throws {
        let configuration = try ServerConfiguration.load(path: try ServerConfigurationTests.file("port = 9000\n"), environment: [:],
                                                         options: [:]).get()
        #expect(configuration.deliversNotifications)
        #expect(configuration.notificationTiming == .standard)
        #expect(configuration.values["notification_claim_lease"]?.origin == .defaultValue)
    }

    @Test("the file sets them, the environment overrides the file, an option overrides both")
    func fileEnvironmentOptions() throws {
        let path = try ServerConfigurationTests.file("""
            notification_delivery = off
            notification_claim_lease = 30
            notification_poll_interval = 10
            notification_retry_window = 3600
            notification_retry_max_delay = 600
            notification_parallel_deliveries = 4
            """)
        let configuration = try ServerConfiguration.load(
            path: path, environment: ["TEND_SERVER_NOTIFICATION_POLL_INTERVAL": "5", "TEND_SERVER_NOTIFICATION_CLAIM_LEASE": "20"],
            options: ["notification_claim_lease": "2", "notification_delivery": "on"]).get()
        #expect(configuration.deliversNotifications)
        #expect(configuration.values["notification_delivery"]?.origin == .option("notification-delivery"))
        #expect(configuration.notificationTiming == NotificationTiming(claimLease: 2, retryWindow: 3600, longestRetryDelay: 600,
                                                                       pollInterval: 5, parallelDeliveries: 4))
        #expect(configuration.values["notification_poll_interval"]?.origin == .environment("TEND_SERVER_NOTIFICATION_POLL_INTERVAL"))
        #expect(configuration.values["notification_retry_window"]?.origin == .file(path, line: 4))
        #expect(configuration.report().split(separator: "\n").contains {
            $0.split(separator: " ") == ["notification_claim_lease", "2", "option", "--notification-claim-lease"]
        })
    }

    @Test("each wrong value is named with its line and key, or its variable")
    func problems() throws {
        let (_, problems) = ServerConfiguration.parse("""
            notification_claim_lease = 0
            notification_delivery = sometimes
            notification_poll_interval = 1h
            notification_retry_window = 30
            notification_parallel_deliveries = 65
            notificaton_delivery = on
            """, file: "/etc/tend/server.conf")
        #expect(problems.map(\.description) == [
            "/etc/tend/server.conf:1: notification_claim_lease: expected a whole number 1-86400, got '0'",
            "/etc/tend/server.conf:2: notification_delivery: expected on or off, got 'sometimes'",
            "/etc/tend/server.conf:3: notification_poll_interval: expected a whole number 1-3600, got '1h'",
            "/etc/tend/server.conf:4: notification_retry_window: expected a whole number 60-2592000, got '30'",
            "/etc/tend/server.conf:5: notification_parallel_deliveries: expected a whole number 1-64, got '65'",
            "/etc/tend/server.conf:6: unknown key 'notificaton_delivery'; did you mean 'notification_delivery'?",
        ])
        let environment = ServerConfiguration.load(path: try ServerConfigurationTests.file(""), environment: ["TEND_SERVER_NOTIFICATION_CLAIM_LEASE": "five"], options: [:])
        guard case .failure(let invalid) = environment else { Issue.record("loaded"); return }
        #expect(invalid.problems.map(\.description) == [
            "TEND_SERVER_NOTIFICATION_CLAIM_LEASE: expected a whole number 1-86400, got 'five'",
        ])
    }

    @Test("the timing applies on SIGHUP; whether this server delivers needs a restart")
    func reloadable() {
        #expect(ServerSetting.named("notification_claim_lease")?.isReloadable == true)
        #expect(ServerSetting.named("notification_poll_interval")?.isReloadable == true)
        #expect(ServerSetting.named("notification_delivery")?.isReloadable == false)
        #expect(ServerSetting.all.filter { $0.key.hasPrefix("notification_") }.count == 6)
    }
}

import Foundation
import Runner
import Testing

@Suite("Power conditions are read from a sysfs-like tree")
struct SystemPowerMonitorTests {
    private func tree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)").path
        for (path, content) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((content + "\n").utf8).write(to: url)
        }
        return root
    }

    @Test func aMachineWithoutSensorsIsNeverThrottled() throws {
        let monitor = SystemPowerMonitor(root: try tree([:]))
        #expect(monitor.conditions() == PowerConditions())
        #expect(monitor.conditions().throttleReason == nil)
    }

    @Test func hotZoneBatteryAndPowerSaverAreSeen() throws {
        let root = try tree([
            "sys/class/thermal/thermal_zone0/temp": "93000",
            "sys/class/thermal/thermal_zone0/trip_point_0_type": "passive",
            "sys/class/thermal/thermal_zone0/trip_point_0_temp": "95000",
            "sys/class/power_supply/AC/type": "Mains",
            "sys/class/power_supply/AC/online": "0",
            "sys/class/power_supply/BAT0/type": "Battery",
            "sys/class/power_supply/BAT0/status": "Discharging",
            "sys/firmware/acpi/platform_profile": "low-power",
        ])
        let conditions = SystemPowerMonitor(root: root).conditions()
        #expect(conditions == PowerConditions(hot: true, onBattery: true, powerSaver: true))
        #expect(conditions.concurrency(for: 4) == 2)
        #expect(conditions.concurrency(for: 1) == 1)
    }

    @Test func aCoolZoneAndMainsPowerAreNotThrottled() throws {
        let root = try tree([
            "sys/class/thermal/thermal_zone0/temp": "45000",
            "sys/class/thermal/thermal_zone0/trip_point_0_type": "critical",
            "sys/class/thermal/thermal_zone0/trip_point_0_temp": "105000",
            "sys/class/power_supply/AC/type": "Mains",
            "sys/class/power_supply/AC/online": "1",
            "sys/class/power_supply/BAT0/type": "Battery",
            "sys/class/power_supply/BAT0/status": "Charging",
            "sys/firmware/acpi/platform_profile": "balanced",
        ])
        #expect(SystemPowerMonitor(root: root).conditions() == PowerConditions())
    }
}

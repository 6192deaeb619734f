import Foundation

/// Reads power conditions from Linux's sysfs: thermal zones (`/sys/class/thermal/thermal_zone*/temp` against
/// their passive or critical trip points), power supplies (`/sys/class/power_supply/*`: a battery discharging with
/// no mains online) and the ACPI platform profile (`/sys/firmware/acpi/platform_profile` = low-power or quiet).
/// Missing files mean "no such hardware": a server or VM is never throttled.
public struct SystemPowerMonitor: PowerMonitor {
    /// The filesystem root, so tests can point it at a folder laid out like sysfs.
    public var root: String
    /// How close to a trip point (in millidegrees Celsius) a zone counts as hot.
    public var margin: Int

    public init(root: String = "/", margin: Int = 5_000) {
        self.root = root
        self.margin = margin
    }

    public func conditions() -> PowerConditions {
        PowerConditions(hot: isHot(), onBattery: isOnBattery(), powerSaver: isPowerSaver())
    }

    private func isHot() -> Bool {
        for zone in entries("sys/class/thermal") where zone.hasPrefix("thermal_zone") {
            let folder = "sys/class/thermal/\(zone)"
            guard let temperature = number(folder + "/temp") else { continue }
            var limits: [Int] = []
            for trip in 0..<16 {
                guard let type = text(folder + "/trip_point_\(trip)_type") else { break }
                if type == "passive" || type == "hot" || type == "critical", let limit = number(folder + "/trip_point_\(trip)_temp"), limit > 0 {
                    limits.append(limit)
                }
            }
            if let limit = limits.min(), temperature >= limit - margin { return true }
        }
        return false
    }

    private func isOnBattery() -> Bool {
        var discharging = false
        for supply in entries("sys/class/power_supply") {
            let folder = "sys/class/power_supply/\(supply)"
            switch text(folder + "/type") {
            case "Mains"?, "USB"?:
                if number(folder + "/online") == 1 { return false }
            case "Battery"?:
                if text(folder + "/status") == "Discharging" { discharging = true }
            default: break
            }
        }
        return discharging
    }

    private func isPowerSaver() -> Bool {
        guard let profile = text("sys/firmware/acpi/platform_profile") else { return false }
        return profile == "low-power" || profile == "quiet"
    }

    private func entries(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + path))?.sorted() ?? []
    }

    private func text(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root + "/" + path) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func number(_ path: String) -> Int? { text(path).flatMap { Int($0) } }
}

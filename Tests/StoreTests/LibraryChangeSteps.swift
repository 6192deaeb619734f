import Captures
import Runner
@testable import Store

/// The changes a test of something the writers keep in step (`capture_facts`, its sizes) ends with, on the search
/// library (`SearchLibrary`): places off and on again, a sharper shot joining a moment, two captures forgotten, and
/// a rebuild. `check` runs after each, with the step's name and whether the index should now be empty.
enum LibraryChangeSteps {
    static func placesMomentsForgettingRebuild(_ store: IndexStore,
                                               check: (_ step: String, _ empty: Bool) throws -> Void) async throws {
        try store.removeLocationData()
        try check("places off", false)
        try store.allowLocationData()
        try store.write([Records.record("burst/c.jpg", text: ["latte art again"], fingerprint: 0xF0F0_F0F0_0F0F_0F0C,
                                        focus: FocusMeasure(sharpness: 90, outOfFocus: false),
                                        date: Records.baseDate.addingTimeInterval(4))])
        try check("a sharper shot joining the moment", false)
        try await store.forget([CaptureID("photos:burst/c.jpg"), CaptureID("photos:trips/cafe.jpg")], source: "photos")
        try check("forgetting two captures", false)
        try store.rebuild()
        try check("a rebuild", true)
    }
}

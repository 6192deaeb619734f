import ObjectRules
import Testing

/// A link's `?` as the recogniser reads it (`7`, `7?`, `?7`, or cut off by a space), read on seeds 2222, 3333 and
/// 9090 of `LinkAndTrackingGenerator` (docs/privacy.md, "Figures"): each link was cut at the `7` before this repair.
@Suite("Links as OCR reads them: a query's question mark read as 7")
struct LinkQueryMarkOCRTests: FindsObjects {
    func links(_ text: String) -> [String] { values(of: "link", in: text) }

    @Test func aQuestionMarkReadAsSevenBeforeAKeyAndValueIsReadBack() {
        #expect(links("Copy Link\nshop.travel.com/recipe/3594567id=2146\nMore")
                == ["https://shop.travel.com/recipe/359456?id=2146"])
        #expect(links("Look at this https://www.kino-news.de/share/post7id=88\nNice")
                == ["https://www.kino-news.de/share/post?id=88"])
        #expect(links("10:52 5G 51%\ntravel.eu7id=1545\nTop stories") == ["https://travel.eu/?id=1545"])
    }

    @Test func aQuestionMarkReadWithASevenBesideItIsReadBack() {
        #expect(links("Share\nm.music-blog.com7?id=5521\nAirDrop") == ["https://m.music-blog.com/?id=5521"])
        #expect(links("Share\napp.docs.io/guide/?7id=417\nAirDrop") == ["https://app.docs.io/guide/?id=417"])
        #expect(links("Mum\nHave you seen blog.example.org/post ?id=9031\nNice") == ["https://blog.example.org/post?id=9031"])
    }

    @Test func aSevenThatIsPartOfTheLinkStays() {
        // A path ending in 7 before its own query, a 7 in a path with no key after it, a 7 in a query.
        #expect(links("example.com/item/6926707?id=5") == ["https://example.com/item/6926707?id=5"])
        #expect(links("example.com/p/7/17 is the page") == ["https://example.com/p/7/17"])
        #expect(links("example.com/p?a=1&b7c=2") == ["https://example.com/p?a=1&b7c=2"])
        // No known top-level domain, or prose after a version number.
        #expect(links("release.v27id=5") == [])
        #expect(links("Version 2.7 is out. 7 items=3 left") == [])
    }

    // Seeds 9090 and 5252 through Tesseract's own recognition, after the run.
    @Test func aQueryWrappedWithASpaceBeforeItsMarkIsJoined() {
        #expect(links("Ana\nTickets are on https://app.travel67.nl/story/help-article/\npost ?id=79486\nNice")
                == ["https://app.travel67.nl/story/help-article/post?id=79486"])
        // A line of prose with a question mark is no query.
        #expect(links("See example.com/help/\nany ?questions") == ["https://example.com/help/"])
    }

    // Tuning seed 7991 through the built-in recogniser (this session): the `?7` of a query on the line the screen
    // wrapped was left, as the wrap was joined after the query marks were read.
    @Test func aQueryMarkReadWithASevenOnAWrappedLineIsReadBack() {
        #expect(links("Ana\nLook at this http://app.kino42.net/help/blog-de/\n90640?7id=86905\nSee you there")
                == ["http://app.kino42.net/help/blog-de/90640?id=86905"])
        #expect(links("Share\nshop.travel.com/recipe/\n3594567id=2146\nMore")
                == ["https://shop.travel.com/recipe/359456?id=2146"])
    }

    @Test func aSpacedDotBeforeAQueryAndWwwReadWithAWLostAreReadBackTogether() {
        #expect(links("9:22 5G 77%\nhttps://ww.travel-garden. fr?id=47697\nTop stories")
                == ["https://www.travel-garden.fr/?id=47697"])
    }
}

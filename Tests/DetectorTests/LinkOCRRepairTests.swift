import ObjectRules
import Testing

/// Links as the recogniser read them on tuning seed 606 of `LinkAndTrackingGenerator` (the built-in recogniser on our
/// lines, and Tesseract's own): each was missed or cut before these repairs.
@Suite("Links as OCR reads them: wrapped lines, look-alike top-level domains, spaces around the dot")
struct LinkOCRRepairTests: FindsObjects {
    func links(_ text: String) -> [String] { values(of: "link", in: text) }

    @Test func aLinkTheScreenWrappedAfterASlashOrAHyphenIsJoined() {
        #expect(links("Follow us\nWebsite http://shop.blog-blog.io/account/products/recipe/\n240262/\n© 2026")
                == ["http://shop.blog-blog.io/account/products/recipe/240262/"])
        #expect(links("Team\nLook at this https://m.news-travel.org/products/watch/\n2026/692670\nNice")
                == ["https://m.news-travel.org/products/watch/2026/692670"])
        #expect(links("Ana\nLook at this shop.boutique-cloud.net/recipe-watch/guide-\nproducts\nNice")
                == ["https://shop.boutique-cloud.net/recipe-watch/guide-products"])
    }

    @Test func theLineAfterALinkIsNotJoinedWhenItIsAWordOfTheScreen() {
        #expect(links("Share\nexample.com/docs/\nMessages Mail Notes") == ["https://example.com/docs/"])
        #expect(links("Copy link\nexample.com/p/\nMore") == ["https://example.com/p/"])
        #expect(links("Visit example.com/\n© 2026") == ["https://example.com/"])
        #expect(links("Read the docs/\nguide") == [])
    }

    @Test func aTopLevelDomainWithALookAlikeDigitIsReadBack() {
        #expect(links("Team\nLook at this app.store32.i0/article/share/event-recipe/?id=92848\nThanks!")
                == ["https://app.store32.io/article/share/event-recipe/?id=92848"])
        #expect(links("Share\nbooks .i0/252959\nMessages Mail Notes") == ["https://books.io/252959"])
        #expect(links("www.example.c0m") == ["https://www.example.com/"])
    }

    @Test func aSpaceReadAroundTheDotBeforeATopLevelDomainIsDropped() {
        #expect(links("Copy Link\nevents11. fr/post/event/account/692113\nMore") == ["https://events11.fr/post/event/account/692113"])
    }

    @Test func aQueryRightAfterTheHostIsPartOfTheLink() {
        #expect(links("10:52 5G 51%\ntravel.eu?id=1545\nTop stories") == ["https://travel.eu/?id=1545"])
        #expect(links("Copy Link\nm.tickets-kino.app?id=15087\nMessages") == ["https://m.tickets-kino.app/?id=15087"])
    }

    @Test func numbersFilesAndProseStayNoLinks() {
        #expect(links("Version 2.10 is out. It was 3.5 km. See you at 7.") == [])
        #expect(links("Downloads\nreport_2024.pdf 3.1 MB\nIMG_4412.JPG\nsetup-v2.10.1.dmg") == [])
        #expect(links("Bring snacks, e.g. fruit, nuts etc. for the trip.") == [])
        #expect(links("Chapter 1. io/ports is the next one") == [])
        #expect(links("Done. De/Fr prices differ") == [])
    }

    // Seed 7070 through the built-in recogniser and seed 1111 through Tesseract's own (tuning, second round).
    @Test func aSchemeWhoseSlashesWereMisreadIsReadBack() {
        #expect(links("Copy link\nhttps:/Awww.events61.net/sale/post/share\nMessages Mail Notes")
                == ["https://www.events61.net/sale/post/share"])
        #expect(links("15:01 5G 95%\nhttp:/Awww.news-music.eu?id=45498\nMenu Search") == ["http://www.news-music.eu/?id=45498"])
        #expect(links("Share\nhttp: //app.maps-docs.nl/post/recipe/docs?id=73683\nAirDrop Copy")
                == ["http://app.maps-docs.nl/post/recipe/docs?id=73683"])
        #expect(links("12:30 5G 56%\nhttps: //www.music.com/guide/share/products-de\nSign in")
                == ["https://www.music.com/guide/share/products-de"])
    }

    @Test func wwwReadWithAWLostIsReadBack() {
        #expect(links("Have you seen http://ww.kino.nl/blog-help/track/408722") == ["http://www.kino.nl/blog-help/track/408722"])
        #expect(links("Visit ww.store.net/recipe") == ["https://www.store.net/recipe"])
        // Not inside a word or a host.
        #expect(links("See blog.ww.example.com/a") == ["https://blog.ww.example.com/a"])
        #expect(links("aww. that is sweet") == [])
    }

    @Test func aSpaceAfterASubDomainsDotIsDropped() {
        #expect(links("Mum\nHave you seen http://shop. photo26.com/guide/share/en/\n300919.html?id=46341\nNice")
                == ["http://shop.photo26.com/guide/share/en/300919.html?id=46341"])
        #expect(links("19:49 5G 80%\napp. shop-cloud.eu/products-p/p\nAccept cookies") == ["https://app.shop-cloud.eu/products-p/p"])
        // A sentence that ends before a host keeps its two parts apart.
        #expect(links("We met at the shop. example.com/sale has more") == ["https://example.com/sale"])
    }

    @Test func aLinksLastPieceSplitOffByASpaceIsJoined() {
        #expect(links("20:41 5G 58%\nhttps://shop.news65 .fr/recipe-track/7 86088\nAccept cookies")
                == ["https://shop.news65.fr/recipe-track/786088"])
        #expect(links("13:26 5G 33%\nphoto-boutique.com/products -products?id=1974\nTop stories")
                == ["https://photo-boutique.com/products-products?id=1974"])
        // Prose after a link stays prose.
        #expect(links("Go to example.com/help - it is easy") == ["https://example.com/help"])
        #expect(links("See example.com/page 2") == ["https://example.com/page"])
    }

    // Tuning seeds 7990 and 7991 through Tesseract's own recognition (this session): a space after the dot of a
    // page's extension, and a query's value split by a space at the line's end.
    @Test func aPageExtensionReadWithASpaceOrAQueryValueSplitIsJoined() {
        #expect(links("18:31 5G 93%\nhttp: //store-docs.co.uk/item/account/sale. html\nMenu Search")
                == ["http://store-docs.co.uk/item/account/sale.html"])
        #expect(links("19:59 5G 26%\nwww.travel.app?id=7 7432\nSign in") == ["https://www.travel.app/?id=77432"])
        // A sentence ending after a link keeps its full stop; a page named in prose is no link's extension.
        #expect(links("See example.com/help. Html pages load slowly") == ["https://example.com/help"])
        #expect(links("Read the notes. html is fine") == [])
    }
}

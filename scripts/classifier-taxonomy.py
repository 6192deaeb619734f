#!/usr/bin/env python3
"""Generates Sources/Inference/EfficientNet/ImageNetTaxonomy+Table.swift: ImageNet's 1000 classes mapped to
the words people search with ("golden retriever" -> dog, animal, pet; "seashore" -> beach, sea, outdoor).

Dev-time only; the generated file is committed. Needs Debian's WordNet 3.0 (`apt-get install -y wordnet-base`),
whose noun offsets are ImageNet's synset ids (n02099601 is WordNet noun 02099601, "golden retriever").

How a class gets its terms:
  1. its own name, the first WordNet lemma in lower case ("golden retriever");
  2. the terms of every RULE whose synset is the class or one of its WordNet hypernyms (dog.n.01 covers all 118
     breeds; geological formation covers alp, cliff, seashore, ...); each rule names the lemma it expects, and
     the script stops if WordNet disagrees, so a typo in an offset cannot slip through;
  3. the EXTRA terms listed for that class index (scenes, foods and objects WordNet files under odd parents);
     an extra term written "-word" removes a word the hypernyms gave (ImageNet's "cup" is WordNet's punch cup,
     filed under alcohol, but its photos are cups of anything).
Terms that a class would get only from its own name are kept too, so "pizza" and "teddy bear" are searchable.

The class order (wnids) is the standard ILSVRC-2012 order; by default it is read back from the generated file,
or from --synsets FILE (one wnid a line, e.g. timm's data/_info/imagenet_synsets.txt) the first time.
"""
import argparse
import os
import re
import sys

WORDNET = "/usr/share/wordnet/data.noun"
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "..", "Sources", "Inference", "EfficientNet", "ImageNetTaxonomy+Table.swift")

# WordNet synset offset -> (its first lemma, search terms for every class below it).
RULES = {
    "00015388": ("animal", ["animal"]),
    "02084071": ("dog", ["dog", "pet"]),
    "02115335": ("wild dog", ["wild dog"]),
    "02114100": ("wolf", ["wolf"]),
    "02118333": ("fox", ["fox"]),
    "02120997": ("feline", ["cat"]),
    "02121808": ("domestic cat", ["pet"]),
    "02127808": ("big cat", ["big cat", "wildlife"]),
    "02131653": ("bear", ["bear", "wildlife"]),
    "01503061": ("bird", ["bird"]),
    "01604330": ("bird of prey", ["bird of prey"]),
    "01816887": ("parrot", ["parrot"]),
    "01844917": ("aquatic bird", ["water bird"]),
    "02512053": ("fish", ["fish"]),
    "01482071": ("elasmobranch", ["sea life"]),
    "02159955": ("insect", ["insect"]),
    "02274259": ("butterfly", ["butterfly"]),
    "01772222": ("spider", ["spider"]),
    "01769347": ("arachnid", ["arachnid"]),
    "01974773": ("crustacean", ["sea life"]),
    "01940736": ("mollusk", ["sea life"]),
    "01909422": ("coelenterate", ["sea life"]),
    "02316707": ("echinoderm", ["sea life"]),
    "01661091": ("reptile", ["reptile"]),
    "01726692": ("snake", ["snake"]),
    "01674464": ("lizard", ["lizard"]),
    "01662784": ("turtle", ["turtle"]),
    "01627424": ("amphibian", ["amphibian"]),
    "01639765": ("frog", ["frog"]),
    "02062017": ("aquatic mammal", ["sea life"]),
    "02469914": ("primate", ["primate", "monkey"]),
    "02370806": ("ungulate", ["wildlife"]),
    "02329401": ("rodent", ["rodent"]),
    "02374149": ("equine", ["horse"]),
    "02503517": ("elephant", ["elephant", "wildlife"]),
    "00017222": ("plant", ["plant", "nature"]),
    "11669921": ("flower", ["flower"]),
    "12992868": ("fungus", ["mushroom", "nature"]),
    "13134947": ("fruit", ["plant", "nature"]),
    "09287968": ("geological formation", ["landscape", "nature", "outdoor"]),
    "09359803": ("mountain", ["mountain"]),
    "09433442": ("shore", ["shore", "water"]),
    "00021265": ("food", ["food"]),
    "07555863": ("food", ["food"]),
    "07707451": ("vegetable", ["vegetable"]),
    "07705931": ("edible fruit", ["fruit"]),
    "07557434": ("dish", ["dish", "meal"]),
    "07609840": ("dessert", ["dessert", "sweet"]),
    "07679356": ("bread", ["bread", "bakery"]),
    "07881800": ("beverage", ["drink"]),
    "04524313": ("vehicle", ["vehicle"]),
    "03791235": ("motor vehicle", ["road"]),
    "02958343": ("car", ["car"]),
    "04490091": ("truck", ["truck"]),
    "02924116": ("bus", ["bus"]),
    "04468005": ("train", ["train", "railway"]),
    "03684823": ("locomotive", ["train", "railway"]),
    "04530566": ("vessel", ["boat", "water"]),
    "04194289": ("ship", ["ship"]),
    "02686568": ("aircraft", ["aircraft"]),
    "02691156": ("airplane", ["airplane"]),
    "02834778": ("bicycle", ["bicycle"]),
    "03764276": ("military vehicle", ["military"]),
    "04565375": ("weapon", ["weapon"]),
    "02913152": ("building", ["building", "architecture"]),
    "03259505": ("dwelling", ["house"]),
    "03953416": ("place of worship", ["church", "religion"]),
    "04202417": ("shop", ["shop", "store"]),
    "02898711": ("bridge", ["bridge", "outdoor"]),
    "03743902": ("memorial", ["monument", "outdoor"]),
    "03327234": ("fence", ["fence", "outdoor"]),
    "03405725": ("furniture", ["furniture", "indoor"]),
    "03001627": ("chair", ["chair"]),
    "04379243": ("table", ["table"]),
    "02766320": ("baby bed", ["bed", "baby"]),
    "03051540": ("clothing", ["clothing"]),
    "03380867": ("footwear", ["shoe"]),
    "03502509": ("headdress", ["hat"]),
    "04371563": ("swimsuit", ["swimwear", "beach"]),
    "02739668": ("armor", ["armor"]),
    "03800933": ("musical instrument", ["musical instrument", "music"]),
    "03467517": ("guitar", ["guitar"]),
    "03928116": ("piano", ["piano"]),
    "04285146": ("sports equipment", ["sports"]),
    "02778669": ("ball", ["ball"]),
    "03278248": ("electronic equipment", ["electronics"]),
    "03082979": ("computer", ["computer", "electronics"]),
    "04401088": ("telephone", ["phone"]),
    "04437953": ("timepiece", ["clock"]),
    "04608567": ("writing implement", ["writing", "stationery"]),
    "04451818": ("tool", ["tool"]),
    "03620052": ("kitchen appliance", ["kitchen", "appliance"]),
    "03621049": ("kitchen utensil", ["kitchen"]),
    "03101986": ("cooking utensil", ["kitchen"]),
    "03528263": ("home appliance", ["appliance", "indoor"]),
    "04381994": ("tableware", ["tableware", "kitchen"]),
    "02876657": ("bottle", ["bottle"]),
    "03438257": ("glass", ["glass"]),
    "04263760": ("source of illumination", ["light"]),
    "03636248": ("lamp", ["lamp"]),
    "03964744": ("plaything", ["toy"]),
    "04447443": ("toiletry", ["toiletry", "bathroom"]),
    "07884567": ("alcohol", ["alcohol"]),
    "00007846": ("person", ["person", "people"]),
    "02773037": ("bag", ["bag"]),
}

# Class index -> (its first lemma, extra terms), for what the hypernyms do not say.
EXTRA = {
    7: ("cock", ["chicken", "farm animal"]), 8: ("hen", ["chicken", "farm animal"]),
    101: ("tusker", ["elephant", "wildlife"]),
    339: ("sorrel", ["horse", "farm animal"]), 345: ("ox", ["cow", "farm animal"]),
    346: ("water buffalo", ["cow"]), 347: ("bison", ["wildlife"]), 348: ("ram", ["sheep", "farm animal"]),
    341: ("hog", ["pig", "farm animal"]), 342: ("wild boar", ["pig", "wildlife"]),
    398: ("abacus", ["calculator"]),
    403: ("aircraft carrier", ["sea"]), 404: ("airliner", ["travel"]),
    406: ("altar", ["church", "religion", "indoor"]),
    410: ("apiary", ["outdoor"]),
    415: ("bakery", ["bread", "food"]),
    425: ("barn", ["farm", "outdoor"]),
    437: ("beacon", ["lighthouse", "sea", "outdoor"]),
    440: ("beer bottle", ["beer", "drink"]), 441: ("beer glass", ["beer", "drink"]),
    449: ("boathouse", ["boat", "water", "outdoor"]),
    453: ("bookcase", ["book"]), 454: ("bookshop", ["book"]),
    460: ("breakwater", ["sea", "water", "outdoor"]),
    472: ("canoe", ["water"]),
    474: ("cardigan", ["sweater"]),
    482: ("cassette player", ["music"]), 485: ("CD player", ["music"]),
    483: ("castle", ["architecture", "outdoor"]),
    487: ("cellular telephone", ["smartphone"]),
    497: ("church", ["architecture"]),
    504: ("coffee mug", ["coffee", "cup", "drink"]), 505: ("coffeepot", ["coffee"]),
    508: ("computer keyboard", ["keyboard", "computer"]),
    525: ("dam", ["water", "outdoor"]),
    526: ("desk", ["office", "furniture"]), 527: ("desktop computer", ["screen"]),
    532: ("dining table", ["table"]),
    536: ("dock", ["harbor", "water", "outdoor"]),
    550: ("espresso maker", ["coffee"]),
    562: ("fountain", ["outdoor"]),
    567: ("frying pan", ["kitchen"]),
    572: ("goblet", ["glass", "drink"]),
    578: ("gown", ["dress"]),
    582: ("grocery store", ["food", "shop"]),
    590: ("hand-held computer", ["phone", "computer"]),
    620: ("laptop", ["laptop", "computer", "screen"]),
    624: ("library", ["book", "indoor"]),
    627: ("limousine", ["car"]),
    628: ("liner", ["ship", "sea"]),
    651: ("microwave", ["kitchen"]),
    655: ("miniskirt", ["skirt"]),
    660: ("mobile home", ["house"]),
    664: ("monitor", ["screen", "computer"]),
    670: ("motor scooter", ["motorcycle", "vehicle"]), 665: ("moped", ["motorcycle"]),
    671: ("mountain bike", ["bicycle"]),
    673: ("mouse", ["computer"]),
    679: ("necklace", ["jewelry"]),
    681: ("notebook", ["laptop", "computer", "screen"]),
    692: ("packet", ["package"]),
    696: ("paintbrush", ["painting", "art"]),
    700: ("paper towel", ["kitchen"]),
    704: ("parking meter", ["street", "outdoor"]),
    705: ("passenger car", ["train", "railway"]),
    718: ("pier", ["water", "outdoor"]),
    720: ("pill bottle", ["medicine"]),
    728: ("plastic bag", ["bag"]),
    733: ("pole", ["outdoor"]),
    737: ("pop bottle", ["soda", "drink"]),
    749: ("quill", ["writing"]),
    762: ("restaurant", ["food", "restaurant", "indoor"]),
    765: ("rocking chair", ["chair"]),
    779: ("school bus", ["bus"]),
    782: ("screen", ["screen"]),
    795: ("ski", ["snow", "winter", "sports"]),
    799: ("sliding door", ["door"]),
    802: ("snowmobile", ["snow", "winter"]), 803: ("snowplow", ["snow", "winter"]),
    807: ("solar dish", ["outdoor"]),
    811: ("space heater", ["appliance"]),
    814: ("speedboat", ["water"]),
    819: ("stage", ["concert", "music"]),
    821: ("steel arch bridge", ["outdoor"]), 839: ("suspension bridge", ["outdoor"]),
    825: ("stone wall", ["wall"]),
    831: ("studio couch", ["sofa", "furniture"]),
    836: ("sunglass", ["sunglasses"]),
    837: ("sunglasses", ["sunglasses"]),
    850: ("teddy", ["teddy bear", "toy"]),
    851: ("television", ["screen", "electronics"]),
    857: ("throne", ["chair"]),
    879: ("umbrella", ["rain"]),
    888: ("viaduct", ["bridge", "outdoor"]),
    900: ("water tower", ["tower", "outdoor"]),
    907: ("wine bottle", ["wine", "drink"]),
    913: ("wreck", ["ship", "water"]),
    916: ("web site", ["website", "screen", "computer"]),
    917: ("comic book", ["comic", "book", "text"]),
    918: ("crossword puzzle", ["puzzle", "text", "newspaper"]),
    919: ("street sign", ["sign", "street", "text", "outdoor"]),
    920: ("traffic light", ["street", "outdoor"]),
    921: ("book jacket", ["book", "text"]),
    922: ("menu", ["text", "restaurant"]),
    923: ("plate", ["meal", "dish"]),
    925: ("consomme", ["soup"]), 926: ("hot pot", ["soup"]),
    928: ("ice cream", ["dessert"]),
    933: ("cheeseburger", ["burger", "fast food"]), 934: ("hotdog", ["hot dog", "fast food"]),
    935: ("mashed potato", ["potato"]),
    947: ("mushroom", ["mushroom"]),
    948: ("Granny Smith", ["apple"]),
    958: ("hay", ["farm", "outdoor"]),
    963: ("pizza", ["fast food"]),
    966: ("red wine", ["wine"]),
    967: ("espresso", ["coffee"]),
    970: ("alp", []),
    971: ("bubble", ["bubble"]),
    973: ("coral reef", ["sea", "underwater", "water"]),
    975: ("lakeside", ["lake"]),
    976: ("promontory", ["sea", "coast"]),
    977: ("sandbar", ["beach", "sea", "water"]),
    978: ("seashore", ["beach", "sea", "coast"]),
    979: ("valley", ["valley"]),
    980: ("volcano", ["volcano"]),
    981: ("ballplayer", ["baseball", "sports"]),
    982: ("groom", ["wedding"]),
    983: ("scuba diver", ["diving", "underwater", "sea"]),
    984: ("rapeseed", ["field", "flower", "outdoor"]),
    985: ("daisy", ["flower"]),
    987: ("corn", ["food", "vegetable"]),
    999: ("toilet tissue", ["bathroom"]),
    968: ("cup", ["-alcohol"]),
    434: ("bath towel", ["bathroom"]), 435: ("bathtub", ["bathroom"]), 896: ("washbasin", ["bathroom"]),
    794: ("shower curtain", ["bathroom"]),
    442: ("bell cote", ["church", "architecture"]), 448: ("birdhouse", ["bird", "garden"]),
    446: ("binder", ["office"]), 549: ("envelope", ["mail", "letter", "paper"]), 713: ("photocopier", ["office"]),
    475: ("car mirror", ["car"]), 479: ("car wheel", ["car"]), 535: ("disk brake", ["car"]),
    571: ("gas pump", ["car", "gas station"]),
    476: ("carousel", ["amusement park", "outdoor"]),
    480: ("cash machine", ["atm"]),
    538: ("dome", ["architecture", "building"]), 853: ("thatch", ["roof", "house"]),
    858: ("tile roof", ["roof", "house"]), 884: ("vault", ["architecture"]),
    540: ("drilling platform", ["sea", "water"]),
    595: ("harvester", ["farm", "field", "outdoor"]), 856: ("thresher", ["farm", "field", "outdoor"]),
    611: ("jigsaw puzzle", ["puzzle", "toy"]),
    618: ("ladle", ["kitchen"]), 647: ("measuring cup", ["kitchen"]), 827: ("stove", ["kitchen"]),
    828: ("strainer", ["kitchen"]),
    622: ("lens cap", ["camera"]), 732: ("Polaroid camera", ["camera"]), 759: ("reflex camera", ["camera"]),
    632: ("loudspeaker", ["music", "electronics"]), 650: ("microphone", ["music"]),
    754: ("radio", ["electronics", "music"]), 745: ("projector", ["electronics"]),
    761: ("remote control", ["electronics"]),
    592: ("hard disc", ["computer", "electronics"]), 810: ("space bar", ["keyboard", "computer"]),
    878: ("typewriter keyboard", ["keyboard"]),
    637: ("mailbox", ["mail", "outdoor"]), 640: ("manhole cover", ["street", "outdoor"]),
    693: ("paddle", ["boat", "water"]), 701: ("parachute", ["sky", "sports"]),
    721: ("pillow", ["bed"]), 750: ("quilt", ["bed"]),
    738: ("pot", ["plant", "flower"]),
    746: ("puck", ["hockey", "sports"]), 752: ("racket", ["tennis", "sports"]),
    815: ("spider web", ["spider", "nature"]),
    823: ("stethoscope", ["medical"]), 845: ("syringe", ["medical"]),
    908: ("wing", ["airplane", "aircraft"]),
}


def load_wordnet():
    synsets = {}
    with open(WORDNET, encoding="latin-1") as handle:
        for line in handle:
            if line.startswith("  "):
                continue
            fields = line.split(" | ")[0].split()
            offset, word_count = fields[0], int(fields[3], 16)
            words = [fields[4 + 2 * i].replace("_", " ") for i in range(word_count)]
            index = 4 + 2 * word_count
            pointer_count = int(fields[index])
            index += 1
            hypernyms = []
            for _ in range(pointer_count):
                symbol, target, pos, _ = fields[index:index + 4]
                index += 4
                if symbol in ("@", "@i") and pos == "n":
                    hypernyms.append(target)
            synsets[offset] = (words, hypernyms)
    return synsets


def lemma(words):
    return re.sub(r"\(.*\)$", "", words[0])


def closure(synsets, offset):
    seen, stack = [offset], [offset]
    while stack:
        for parent in synsets[stack.pop()][1]:
            if parent not in seen:
                seen.append(parent)
                stack.append(parent)
    return seen


def read_wnids(path):
    if path:
        with open(path) as handle:
            return [line.strip() for line in handle if line.strip()]
    with open(OUTPUT) as handle:
        return re.findall(r"^    (n\d{8})\|", handle.read(), flags=re.M)


def main():
    parser = argparse.ArgumentParser(description="generates the ImageNet taxonomy table")
    parser.add_argument("--synsets", help="file of the 1000 wnids in class order (default: the generated table)")
    parser.add_argument("--report", action="store_true", help="list classes that got no category term")
    args = parser.parse_args()

    synsets = load_wordnet()
    wnids = read_wnids(args.synsets)
    if len(wnids) != 1000:
        sys.exit(f"expected 1000 wnids, found {len(wnids)}")
    for offset, (expected, _) in RULES.items():
        if lemma(synsets[offset][0]) != expected:
            sys.exit(f"rule {offset}: WordNet says {synsets[offset][0][0]!r}, the rule expects {expected!r}")

    lines = []
    for index, wnid in enumerate(wnids):
        words = synsets[wnid[1:]][0]
        name = lemma(words).lower()
        terms = [name]
        for ancestor in closure(synsets, wnid[1:]):
            for term in RULES.get(ancestor, (None, []))[1]:
                if term not in terms:
                    terms.append(term)
        if index in EXTRA:
            expected, extra = EXTRA[index]
            if lemma(words) != expected:
                sys.exit(f"extra {index}: WordNet says {words[0]!r}, the table expects {expected!r}")
            terms += [term for term in extra if term not in terms and not term.startswith("-")]
            terms = [term for term in terms if "-" + term not in extra]
        if args.report and len(terms) == 1:
            print(f"{index} {wnid} {', '.join(words[:3])}")
        if any(c in "|,\n\"\\" for term in terms for c in term):
            sys.exit(f"class {index}: a term contains a separator: {terms}")
        lines.append(f"    {wnid}|{name}|{','.join(terms[1:])}")

    swift = [
        "// Generated by scripts/classifier-taxonomy.py from WordNet 3.0 (Debian's wordnet-base); do not edit.",
        "",
        "extension ImageNetTaxonomy {",
        "    /// One line per ImageNet class in class-index order: `wnid|name|term,term,...`.",
        '    static let table = """',
        *lines,
        '    """',
        "}",
        "",
    ]
    with open(OUTPUT, "w") as handle:
        handle.write("\n".join(swift))
    print(f"wrote {os.path.normpath(OUTPUT)}")


if __name__ == "__main__":
    main()

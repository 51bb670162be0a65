import Foundation
import Study

/// The labelled set: generated materials about made-up rivers, people and plants (so no answer is
/// known from elsewhere, and names repeat across facts as a student's notes do), each fact in its own
/// paragraph, with questions worded as a student asks them — other forms of the words ("nascono"
/// for "nasce"), question words, sometimes other words altogether ("begin" for "rises") — and the
/// paragraph that answers each. Several materials share their region, mountains and crops, and
/// every material has a paragraph about its region that answers nothing.
struct LabelledSet {
    struct Material { let title: String; let language: StudyLanguage; let paragraphs: [String] }
    struct Question { let text: String; let material: Int; let paragraph: Int }

    var materials: [Material] = []
    var questions: [Question] = []

    /// A seeded generator (SplitMix64), so every run reads the same set.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func name(_ rng: inout Seeded) -> String {
        let syllables = ["ka", "lo", "mi", "ter", "va", "sun", "dri", "pe", "gol", "ran", "ti", "bor", "ne", "zu", "fal", "che"]
        let count = Int.random(in: 2...3, using: &rng)
        let word = (0..<count).map { _ in syllables.randomElement(using: &rng)! }.joined()
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    init(perKind: Int) {
        var rng = Seeded(state: 2026)
        let regions = (0..<6).map { _ in Self.name(&rng) }, mountains = (0..<5).map { _ in Self.name(&rng) }
        let cropsIt = ["grano", "riso", "mais", "orzo", "olive"], cropsEn = ["wheat", "rice", "maize", "barley", "olives"]
        for index in 0..<perKind {
            let (river, person, plant) = (Self.name(&rng), Self.name(&rng) + " " + Self.name(&rng), Self.name(&rng))
            let region = regions[index % regions.count], mountain = mountains[index % mountains.count]
            let crop = index % cropsIt.count, sea = Self.name(&rng), city = Self.name(&rng), city2 = Self.name(&rng), book = Self.name(&rng)
            let length = 100 + index * 7, born = 1500 + index * 3, died = 1560 + index * 3, substance = Self.name(&rng).lowercased()
            // Italian
            add(Material(title: "Il fiume \(river)", language: .it, paragraphs: [
                "Il fiume \(river) nasce sui monti \(mountain), nella regione di \(region).",
                "Le acque del \(river) servono a irrigare i campi di \(cropsIt[crop]) della pianura.",
                "Il \(river) sfocia nel mare \(sea) dopo un percorso di \(length) chilometri.",
                "La regione di \(region) ha molti fiumi che nascono sui monti e sfociano nel mare.",
            ]), asking: [("Dove nascono le acque del fiume \(river)?", 0), ("Cosa irrigano le acque del \(river)?", 1),
                         ("In quale mare sfocia il \(river)?", 2), ("Quanti chilometri è lungo il fiume \(river)?", 2)])
            add(Material(title: person, language: .it, paragraphs: [
                "\(person) nacque a \(city) nel \(born) in una famiglia di mercanti.",
                "Da giovane \(person) studiò medicina e scrisse il libro \(book), letto in tutta Europa.",
                "\(person) morì nel \(died) durante un viaggio verso \(city2).",
                "Nella regione di \(region) molti mercanti viaggiavano verso le città del nord.",
            ]), asking: [("In che anno è nato \(person)?", 0), ("Quale libro ha scritto \(person)?", 1),
                         ("Dove stava andando \(person) quando morì?", 2), ("Che cosa studiava \(person)?", 1)])
            add(Material(title: "La pianta \(plant)", language: .it, paragraphs: [
                "La \(plant) è una pianta che cresce nelle foreste umide di \(region).",
                "Le foglie della \(plant) sono larghe e contengono una sostanza chiamata \(substance).",
                "I fiori della \(plant) si aprono soltanto di notte e attirano le falene.",
                "Nelle foreste di \(region) crescono piante con foglie larghe e fiori colorati.",
            ]), asking: [("Dove cresce la \(plant)?", 0), ("Quale sostanza contiene la foglia della \(plant)?", 1),
                         ("Quando si apre il fiore della \(plant)?", 2), ("Quali insetti attirano i fiori della \(plant)?", 2)])
            // English
            add(Material(title: "The \(river) river", language: .en, paragraphs: [
                "The \(river) river rises in the \(mountain) mountains, in the region of \(region).",
                "The waters of the \(river) are used to irrigate the \(cropsEn[crop]) fields of the plain.",
                "The \(river) flows into the \(sea) sea after a course of \(length) kilometres.",
                "The region of \(region) has many rivers that rise in the mountains and flow into the sea.",
            ]), asking: [("Where does the \(river) river rise?", 0), ("What does the \(river) irrigate?", 1),
                         ("Which sea does the \(river) flow into?", 2), ("How long is the \(river) river in kilometres?", 2)])
            add(Material(title: person, language: .en, paragraphs: [
                "\(person) was born in \(city) in \(born) to a family of merchants.",
                "As a young man \(person) studied medicine and wrote the book \(book), read all over Europe.",
                "\(person) died in \(died) while travelling to \(city2).",
                "In the region of \(region) many merchants travelled to the cities of the north.",
            ]), asking: [("When was \(person) born?", 0), ("Which book did \(person) write?", 1),
                         ("Where was \(person) travelling when he died?", 2), ("What did \(person) study?", 1)])
            add(Material(title: "The \(plant) plant", language: .en, paragraphs: [
                "The \(plant) is a plant that grows in the wet forests of \(region).",
                "The leaves of the \(plant) are broad and contain a substance called \(substance).",
                "The flowers of the \(plant) open only at night and attract moths.",
                "In the forests of \(region) grow plants with broad leaves and colourful flowers.",
            ]), asking: [("Where does the \(plant) grow?", 0), ("What substance is in a \(plant) leaf?", 1),
                         ("When do the \(plant) flowers open?", 2), ("Which insects do \(plant) flowers attract?", 2)])
        }
    }

    mutating func add(_ material: Material, asking: [(String, Int)]) {
        materials.append(material)
        questions += asking.map { Question(text: $0.0, material: materials.count - 1, paragraph: $0.1) }
    }
}

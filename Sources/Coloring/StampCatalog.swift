/// The stamps a child can pick, in the original's five categories. Each has a name for screen
/// readers and what it "says" when tapped (spoken by the server's text-to-speech).
public struct Stamp: Equatable, Sendable, Codable {
    public let emoji: String
    public let name: String
    public let sound: String
}

public struct StampCategory: Equatable, Sendable, Codable {
    public let id: String
    public let name: String
    public let stamps: [Stamp]
}

public enum StampCatalog {
    public static let categories: [StampCategory] = [
        StampCategory(id: "animals", name: "Animals", stamps: [
            Stamp(emoji: "🐶", name: "dog", sound: "Woof woof!"), Stamp(emoji: "🐱", name: "cat", sound: "Meow!"),
            Stamp(emoji: "🐰", name: "bunny", sound: "Hop hop!"), Stamp(emoji: "🦊", name: "fox", sound: "A clever fox!"),
            Stamp(emoji: "🐻", name: "bear", sound: "Grr, a big bear hug!"), Stamp(emoji: "🐼", name: "panda", sound: "Munch munch, bamboo!"),
            Stamp(emoji: "🦁", name: "lion", sound: "Roar!"), Stamp(emoji: "🐮", name: "cow", sound: "Moo!"),
            Stamp(emoji: "🐷", name: "pig", sound: "Oink oink!"), Stamp(emoji: "🐸", name: "frog", sound: "Ribbit!"),
            Stamp(emoji: "🐵", name: "monkey", sound: "Ooh ooh ah ah!"), Stamp(emoji: "🐘", name: "elephant", sound: "Toot!"),
            Stamp(emoji: "🦒", name: "giraffe", sound: "So tall!"), Stamp(emoji: "🐧", name: "penguin", sound: "Waddle waddle!"),
            Stamp(emoji: "🐢", name: "turtle", sound: "Slow and steady!"), Stamp(emoji: "🐟", name: "fish", sound: "Blub blub!"),
            Stamp(emoji: "🐬", name: "dolphin", sound: "Splash!"), Stamp(emoji: "🦄", name: "unicorn", sound: "Magic!"),
        ]),
        StampCategory(id: "insects", name: "Insects", stamps: [
            Stamp(emoji: "🐝", name: "bee", sound: "Buzz buzz!"), Stamp(emoji: "🦋", name: "butterfly", sound: "Flutter flutter!"),
            Stamp(emoji: "🐞", name: "ladybug", sound: "A lucky ladybug!"), Stamp(emoji: "🐛", name: "caterpillar", sound: "Wiggle wiggle!"),
            Stamp(emoji: "🐜", name: "ant", sound: "Busy little ant!"), Stamp(emoji: "🐌", name: "snail", sound: "Slowly, slowly!"),
            Stamp(emoji: "🦗", name: "cricket", sound: "Chirp chirp!"), Stamp(emoji: "🕷", name: "spider", sound: "Spin a web!"),
        ]),
        StampCategory(id: "plants", name: "Plants", stamps: [
            Stamp(emoji: "🌻", name: "sunflower", sound: "Hello, sunshine!"), Stamp(emoji: "🌷", name: "tulip", sound: "A pretty tulip!"),
            Stamp(emoji: "🌹", name: "rose", sound: "Smells lovely!"), Stamp(emoji: "🌼", name: "daisy", sound: "A happy daisy!"),
            Stamp(emoji: "🌳", name: "tree", sound: "A big green tree!"), Stamp(emoji: "🌵", name: "cactus", sound: "Ouch, prickly!"),
            Stamp(emoji: "🍀", name: "clover", sound: "Four leaves, lucky you!"), Stamp(emoji: "🍄", name: "mushroom", sound: "Pop!"),
            Stamp(emoji: "🍎", name: "apple", sound: "Crunch!"), Stamp(emoji: "🍓", name: "strawberry", sound: "Yum!"),
        ]),
        StampCategory(id: "fun", name: "Fun", stamps: [
            Stamp(emoji: "⭐", name: "star", sound: "Twinkle twinkle!"), Stamp(emoji: "🌈", name: "rainbow", sound: "So many colours!"),
            Stamp(emoji: "🎈", name: "balloon", sound: "Up, up and away!"), Stamp(emoji: "🚀", name: "rocket", sound: "Three, two, one, blast off!"),
            Stamp(emoji: "🚗", name: "car", sound: "Beep beep!"), Stamp(emoji: "🚂", name: "train", sound: "Choo choo!"),
            Stamp(emoji: "⚽", name: "ball", sound: "Kick!"), Stamp(emoji: "🎁", name: "present", sound: "A surprise!"),
            Stamp(emoji: "🍦", name: "ice cream", sound: "Cold and sweet!"), Stamp(emoji: "🎂", name: "cake", sound: "Happy birthday!"),
            Stamp(emoji: "❤", name: "heart", sound: "Love you!"), Stamp(emoji: "☀", name: "sun", sound: "Sunny day!"),
        ]),
        StampCategory(id: "faces", name: "Faces", stamps: [
            Stamp(emoji: "😀", name: "happy face", sound: "Ha ha!"), Stamp(emoji: "😍", name: "heart eyes", sound: "I love it!"),
            Stamp(emoji: "😎", name: "cool face", sound: "So cool!"), Stamp(emoji: "😂", name: "laughing face", sound: "Hee hee hee!"),
            Stamp(emoji: "😮", name: "surprised face", sound: "Wow!"), Stamp(emoji: "😴", name: "sleepy face", sound: "Zzz…"),
            Stamp(emoji: "🤪", name: "silly face", sound: "Silly billy!"), Stamp(emoji: "😇", name: "angel face", sound: "So good!"),
        ]),
    ]

    public static func stamp(_ emoji: String) -> Stamp? {
        let plain = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0.value != 0xFE0F }))
        return categories.lazy.flatMap(\.stamps).first { $0.emoji == plain }
    }
}

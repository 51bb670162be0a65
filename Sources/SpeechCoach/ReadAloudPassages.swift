/// Read-aloud's passages, in our own words: twelve at three levels (easy for a young reader, medium,
/// hard with longer sentences and words), stories, news, science and tongue twisters.
extension ReadAloud {
    public static let passages: [ReadAloudPassage] = [
        ReadAloudPassage(id: "the-lost-kite", title: "The Lost Kite", emoji: "🪁", level: .easy, category: .story, text: """
            Sam had a red kite. One windy day the kite flew up over the trees. Sam ran and ran. \
            A kind dog barked at the top of the hill. There was the kite, stuck in a little tree. \
            Sam pulled it down and gave the dog a big hug.
            """),
        ReadAloudPassage(id: "school-garden", title: "The School Garden", emoji: "🌱", level: .easy, category: .news, text: """
            Today the children planted a garden behind the school. They put in beans, carrots and sunflowers. \
            Every class will take turns to water the plants. The teachers say the first beans will be ready \
            in the summer.
            """),
        ReadAloudPassage(id: "why-we-sleep", title: "Why We Sleep", emoji: "😴", level: .easy, category: .science, text: """
            When you sleep, your body rests and grows. Your brain sorts out what you learned during the day. \
            That is why a good night of sleep helps you think, play and feel happy. Most children need \
            about ten hours of sleep.
            """),
        ReadAloudPassage(id: "fresh-fish", title: "Fresh Fish", emoji: "🐟", level: .easy, category: .tongueTwister, text: """
            Five fresh fish swim fast in the fish shop tank. Fred feeds the five fresh fish. \
            The fast fish flip and flap, and Fred feeds them fish flakes.
            """),
        ReadAloudPassage(id: "the-night-market", title: "The Night Market", emoji: "🏮", level: .medium, category: .story, text: """
            Every Friday the empty car park turned into a night market. Lanterns swung above the stalls, \
            and the air smelled of grilled corn and sweet bread. Lina always stopped at the old man who \
            repaired radios. He never sold much, but he told the best stories about the songs that came \
            out of them.
            """),
        ReadAloudPassage(id: "bike-lanes", title: "New Bike Lanes", emoji: "🚲", level: .medium, category: .news, text: """
            The city opened three new bike lanes this week, connecting the train station with two schools \
            and the central park. Cyclists say the lanes feel much safer because they are separated from \
            the traffic. The council plans to add more routes next year if people keep using them.
            """),
        ReadAloudPassage(id: "how-bees-talk", title: "How Bees Talk", emoji: "🐝", level: .medium, category: .science, text: """
            When a honeybee finds a field of flowers, it flies back to the hive and dances. The direction \
            of the dance shows where the flowers are, compared with the sun. The length of the dance tells \
            the other bees how far they need to fly. Scientists call this the language of the bee dance.
            """),
        ReadAloudPassage(id: "bens-balloons", title: "Ben's Balloons", emoji: "🎈", level: .medium, category: .tongueTwister, text: """
            Ben brings big blue balloons to the busy bakery. The baker bakes brown bread, \
            while Ben's big blue balloons bob and bounce beside the bread, and the baker's best \
            buns bump into Ben's balloons.
            """),
        ReadAloudPassage(id: "the-lighthouse-keeper", title: "The Lighthouse Keeper", emoji: "🗼", level: .hard, category: .story, text: """
            For forty years the lighthouse keeper had climbed the spiral staircase at dusk, trimmed the wick \
            and polished the enormous lens until it gleamed. When the light was finally automated, the town \
            expected him to leave. Instead, he stayed, recording the weather in careful handwriting, because \
            he believed that someone ought to remember what the sea had been like.
            """),
        ReadAloudPassage(id: "ocean-cleanup", title: "Cleaning the Ocean", emoji: "🌊", level: .hard, category: .news, text: """
            Researchers estimate that millions of tonnes of plastic enter the oceans every year, much of it \
            carried by rivers. A new approach focuses on intercepting rubbish before it reaches the sea, \
            using floating barriers placed near river mouths. Early results are encouraging, although experts \
            insist that producing less plastic remains the most effective solution.
            """),
        ReadAloudPassage(id: "volcanoes", title: "Inside a Volcano", emoji: "🌋", level: .hard, category: .science, text: """
            Deep beneath the surface, rock melts into magma, which is lighter than the solid rock around it \
            and slowly rises. When pressure builds inside a chamber of magma, gases escape violently and the \
            volcano erupts. Some eruptions produce gentle rivers of lava, while others explode, throwing ash \
            high into the atmosphere and affecting the weather far away.
            """),
        ReadAloudPassage(id: "thatchers-thursday", title: "The Thatcher's Thursday", emoji: "🏚️", level: .hard, category: .tongueTwister, text: """
            Thirty thrifty thinkers thanked the thoughtful thatcher, who thatched three thick roofs \
            throughout a thunderous Thursday, though the thatcher thought the threatening thunder \
            would thoroughly soak the thatch.
            """),
    ]
}

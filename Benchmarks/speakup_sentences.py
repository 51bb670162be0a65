"""The text of SpeakUp's labelled set, written for it: short school talks a child or a grown-up might give.
Topic sentences never use a filler word, so every filler in a take is one the generator put there; the near-miss
sentences use the filler words as content (*marked*), and an analyser must not count those."""

TOPICS = {
    "space": [
        "The sun is a star that gives us light and warmth.",
        "Mars is called the red planet because of its dusty rocks.",
        "Astronauts float in the space station because they are always falling around the earth.",
        "The moon does not make its own light.",
        "Jupiter is the biggest planet in our solar system.",
        "A year is the time the earth takes to travel once around the sun.",
        "Some stars we see at night are much bigger than our sun.",
    ],
    "plants": [
        "Plants make their food from sunlight, water and air.",
        "The roots hold the plant in the ground and drink water from the soil.",
        "Bees carry pollen from one flower to another.",
        "A seed needs water and warmth before it starts to grow.",
        "Our class planted beans in paper cups by the window.",
        "Tall oak trees can live for hundreds of years.",
        "In autumn many trees lose their leaves.",
    ],
    "water": [
        "When the sun heats the sea, some of the water turns into an invisible gas.",
        "The gas cools down high in the sky and makes clouds.",
        "When the drops in a cloud get heavy, they fall as rain.",
        "Rivers carry the rain back to the sea.",
        "Snow is frozen water that falls when the air is very cold.",
        "Clean water is precious, and we should never waste it.",
        "Puddles dry up quickly on a warm and sunny day.",
    ],
    "animals": [
        "Penguins cannot fly, but they are excellent swimmers.",
        "A frog starts its life as a tiny tadpole in a pond.",
        "Owls hunt at night and sleep during the day.",
        "Elephants use their long trunks to drink and to pick up food.",
        "Whales are mammals, and they come up to the surface to breathe.",
        "Some birds fly thousands of miles every winter.",
        "Ants live together in large groups called colonies.",
    ],
    "body": [
        "Our heart pumps blood all around the body.",
        "There are more than two hundred bones in the human skeleton.",
        "Drinking water every day helps us stay healthy.",
        "Our lungs fill with air when we breathe in.",
        "Muscles help us run, jump and smile.",
        "Fruit and vegetables give us vitamins.",
        "Washing our hands stops germs from spreading.",
    ],
    "history": [
        "The ancient Egyptians built huge pyramids out of stone.",
        "The Romans built long straight roads across Europe.",
        "Long ago, people wrote with feathers dipped in ink.",
        "Castles had thick walls to keep the people inside safe.",
        "Dinosaurs lived millions of years before the first people.",
        "The printing press made books much cheaper for everyone.",
        "Old letters and photographs tell us how people lived.",
    ],
    "weather": [
        "Spring is the season when flowers start to bloom.",
        "Thunder is the sound that lightning makes.",
        "A rainbow appears when sunlight shines through raindrops.",
        "In summer the days are long and the nights are short.",
        "Strong winds can blow leaves and branches across the road.",
        "Fog is a cloud that sits close to the ground.",
        "We wear warm coats and gloves when it snows.",
    ],
    "numbers": [
        "Fractions show us how to share a pizza fairly.",
        "A triangle has three sides and three corners.",
        "Ten tens make one hundred.",
        "We use a ruler to measure how long a line is.",
        "Even numbers can be split into two equal groups.",
        "A clock has a short hand for the hours and a long hand for the minutes.",
        "Doubling a number is the same as adding it to itself.",
    ],
    "books": [
        "My favourite book is about a girl who finds a secret garden.",
        "Reading before bed helps me fall asleep.",
        "A good story has a beginning, a middle and an end.",
        "The library lets us borrow books for free.",
        "Poems often use words that rhyme.",
        "The hero of the story was brave and kind.",
        "I wrote my own story about a dragon who was afraid of the dark.",
    ],
    "recycling": [
        "Paper, glass and metal can all be recycled.",
        "Plastic bottles take hundreds of years to break down.",
        "We put our fruit peel in the compost bin.",
        "Turning off the lights saves energy.",
        "Old clothes can be given to people who need them.",
        "Our school collects batteries in a special box.",
        "Walking to school is better for the air than going by car.",
    ],
    "music": [
        "A piano has black keys and white keys.",
        "Drums keep the beat for the whole band.",
        "Our choir sang three songs at the winter concert.",
        "Mixing blue and yellow paint makes green.",
        "The artist painted the sea at sunset.",
        "Clay pots dry in the sun before they are painted.",
        "Every instrument in the orchestra has its own sound.",
    ],
    "sport": [
        "Stretching before a race keeps our muscles safe.",
        "In football only the goalkeeper may touch the ball with their hands.",
        "Swimming lessons teach us to be safe near water.",
        "Our team won the relay race on sports day.",
        "Riding a bike is good exercise and good fun.",
        "A good player always shakes hands after the game.",
        "Running makes our heart beat faster.",
    ],
    "travel": [
        "Trains carry people and goods across the country.",
        "The longest river in the world flows through Africa.",
        "Mountains are colder at the top than at the bottom.",
        "A map shows us the way from one place to another.",
        "Islands are pieces of land with water all around them.",
        "The desert is hot in the day and cold at night.",
        "Pilots fly planes high above the clouds.",
    ],
    "school": [
        "Our classroom has a reading corner with soft cushions.",
        "At lunchtime we eat together in the big hall.",
        "The school garden has a pond with frogs.",
        "Our teacher reads us a chapter of a book every afternoon.",
        "We practise spelling words every morning.",
        "On Friday we show our work to the whole class.",
        "Helping a friend who is sad makes the day better.",
    ],
}

# Content uses of the filler words; the *marked* words are the near misses whose times the truth records.
NEAR_MISSES = [
    "It looks *like* rain this afternoon.",
    "I *like* apples more than pears.",
    "Would you *like* to see my drawing?",
    "The cloud was shaped *like* a big rabbit.",
    "My brother does not *like* cold soup.",
    "We water the seeds *so* that they can grow.",
    "The box was *so* heavy that nobody could lift it.",
    "Speak up *so* that everyone can hear you.",
    "The river was *so* wide that we needed a boat.",
    "Do *you know* why the sky is blue?",
    "Did *you know* that bees can dance?",
    "I think *you know* the answer already.",
    "Do *you know* why leaves change colour?",
    "Is that story *actually* true?",
    "I *actually* finished the whole book in one day.",
    "A comet is *basically* a dirty snowball.",
    "The plan was *basically* sound.",
    "It sounds *like* thunder far away.",
]

# Lexical fillers and where the generator may put them: "start" as "So, ...", "mid" as "..., like, ...",
# "end" as "..., you know."
LEXICAL = {
    "like": ["mid"],
    "you know": ["mid", "end"],
    "so": ["start"],
    "basically": ["start", "mid"],
    "actually": ["start", "mid"],
}

# Hesitations and how flite is asked to say them (it spells "hmm" letter by letter; "hum" sounds right),
# as Benchmarks/speech-fillers.py does.
HESITATIONS = {"um": "um", "uh": "uh", "er": "er", "hmm": "hum"}

FILLER_WORDS = {"like", "so", "actually", "basically", "um", "uh", "er", "hmm", "ah"}


def check():
    """Topic sentences must not hold a filler word or an unspeakable token, or the truth would be wrong."""
    import re
    for topic, sentences in TOPICS.items():
        for sentence in sentences:
            words = re.findall(r"[a-z'\-0-9]+", sentence.lower())
            bad = [w for w in words if w in FILLER_WORDS or "-" in w or any(c.isdigit() for c in w)]
            if bad or "you know" in sentence.lower():
                raise ValueError(f"{topic}: {sentence!r} uses {bad or 'you know'}")
    for sentence in NEAR_MISSES:
        if sentence.count("*") != 2:
            raise ValueError(f"near miss needs one *marked* use: {sentence!r}")

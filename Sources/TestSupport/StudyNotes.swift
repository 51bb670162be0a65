/// A student's notes the MirrorBuddy tests read: Italian and English science notes with definitions
/// ("X è Y", "X is Y"), key terms, a year and a name, and sentences that only look like definitions.
public enum StudyNotes {
    public static let italian = """
        La fotosintesi clorofilliana è il processo con cui le piante verdi producono zuccheri usando la luce del sole. Avviene nelle foglie, dentro i cloroplasti.

        I cloroplasti sono piccoli organi della cellula vegetale che contengono la clorofilla. La clorofilla è il pigmento verde che cattura la luce.

        Durante la fotosintesi le piante assorbono anidride carbonica dall'aria e acqua dalle radici. Come prodotto di scarto liberano ossigeno nell'atmosfera.

        La respirazione cellulare è il processo opposto: la cellula consuma zuccheri e ossigeno e libera energia. Oggi è una bella giornata per studiare.

        Gli stomi sono piccole aperture sulla superficie delle foglie. Attraverso gli stomi entra l'anidride carbonica ed esce l'ossigeno. Nel 1779 Jan Ingenhousz scoprì che le piante hanno bisogno della luce.
        """

    public static let english = """
        Photosynthesis is the process by which green plants make sugar from light, water and carbon dioxide. It happens in the leaves, inside the chloroplasts.

        Chloroplasts are tiny parts of a plant cell that hold chlorophyll. Chlorophyll is the green pigment that catches sunlight.

        During photosynthesis, plants take in carbon dioxide through the stomata and give out oxygen. The stomata are small openings on the surface of leaves.

        It is important to water plants every day. In 1779 Jan Ingenhousz showed that plants need light to make oxygen.
        """
}

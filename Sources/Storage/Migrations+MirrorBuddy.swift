extension Migrations {
    /// MirrorBuddy: each student's reading settings, subjects, materials (with search over title and
    /// text), tasks, and the activity ledger progress is counted from (study stretches, Pomodoros,
    /// tasks done, materials added; kept when a material is deleted, so XP earned stays earned).
    static let mirrorBuddy = Migration(version: 16, name: "mirrorbuddy settings, subjects, materials, tasks, activity", statements: [
        """
        CREATE TABLE mirrorbuddy_settings (
            child_id TEXT PRIMARY KEY REFERENCES children(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            settings TEXT NOT NULL,
            updated_at BIGINT NOT NULL)
        """,
        """
        CREATE TABLE mirrorbuddy_subjects (
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            name_it TEXT NOT NULL,
            name_en TEXT NOT NULL,
            colour TEXT NOT NULL,
            emoji TEXT NOT NULL,
            sort_order BIGINT NOT NULL,
            hidden BIGINT NOT NULL DEFAULT 0,
            is_default BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (child_id, id))
        """,
        """
        CREATE TABLE mirrorbuddy_materials (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            subject_id TEXT,
            source TEXT NOT NULL,
            status TEXT NOT NULL,
            failure TEXT,
            language TEXT NOT NULL,
            pages TEXT NOT NULL,
            body TEXT NOT NULL,
            word_count BIGINT NOT NULL,
            page_count BIGINT NOT NULL,
            file_key TEXT,
            file_bytes BIGINT NOT NULL DEFAULT 0,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL)
        """,
        "CREATE INDEX mirrorbuddy_materials_by_child ON mirrorbuddy_materials (family_id, child_id, created_at)",
        """
        CREATE TABLE mirrorbuddy_tasks (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            notes TEXT NOT NULL,
            due BIGINT,
            priority BIGINT NOT NULL,
            subject_id TEXT,
            material_id TEXT,
            created_at BIGINT NOT NULL,
            completed_at BIGINT)
        """,
        "CREATE INDEX mirrorbuddy_tasks_by_child ON mirrorbuddy_tasks (family_id, child_id)",
        """
        CREATE TABLE mirrorbuddy_activity (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            at BIGINT NOT NULL,
            minutes DOUBLE PRECISION NOT NULL DEFAULT 0,
            subject_id TEXT,
            xp BIGINT NOT NULL DEFAULT 0,
            ref_id TEXT)
        """,
        "CREATE INDEX mirrorbuddy_activity_by_child ON mirrorbuddy_activity (family_id, child_id, at)",
    ], sqlite: [
        // Search over title and text in any language: accents folded, no stemmer (Italian and English both).
        "CREATE VIRTUAL TABLE mirrorbuddy_search USING fts5(title, body, material_id UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')",
        """
        CREATE TRIGGER mirrorbuddy_search_insert AFTER INSERT ON mirrorbuddy_materials BEGIN
            INSERT INTO mirrorbuddy_search (title, body, material_id) VALUES (new.title, new.body, new.id);
        END
        """,
        """
        CREATE TRIGGER mirrorbuddy_search_update AFTER UPDATE OF title, body ON mirrorbuddy_materials BEGIN
            DELETE FROM mirrorbuddy_search WHERE material_id = old.id;
            INSERT INTO mirrorbuddy_search (title, body, material_id) VALUES (new.title, new.body, new.id);
        END
        """,
        """
        CREATE TRIGGER mirrorbuddy_search_delete AFTER DELETE ON mirrorbuddy_materials BEGIN
            DELETE FROM mirrorbuddy_search WHERE material_id = old.id;
        END
        """,
    ], postgres: [
        "CREATE INDEX mirrorbuddy_materials_search ON mirrorbuddy_materials USING GIN (to_tsvector('simple', title || ' ' || body))",
    ])

    /// The search entries keyed by the material's rowid, so a rename or a delete finds its entry by
    /// key instead of reading every entry; kept in step only when the title or text really changed.
    static let mirrorBuddySearchKeys = Migration(version: 17, name: "mirrorbuddy search entries by rowid", statements: [], sqlite: [
        "DROP TRIGGER mirrorbuddy_search_insert",
        "DROP TRIGGER mirrorbuddy_search_update",
        "DROP TRIGGER mirrorbuddy_search_delete",
        "DELETE FROM mirrorbuddy_search",
        "INSERT INTO mirrorbuddy_search (rowid, title, body, material_id) SELECT rowid, title, body, id FROM mirrorbuddy_materials",
        """
        CREATE TRIGGER mirrorbuddy_search_insert AFTER INSERT ON mirrorbuddy_materials BEGIN
            INSERT INTO mirrorbuddy_search (rowid, title, body, material_id) VALUES (new.rowid, new.title, new.body, new.id);
        END
        """,
        """
        CREATE TRIGGER mirrorbuddy_search_update AFTER UPDATE OF title, body ON mirrorbuddy_materials
        WHEN old.title IS NOT new.title OR old.body IS NOT new.body BEGIN
            DELETE FROM mirrorbuddy_search WHERE rowid = old.rowid;
            INSERT INTO mirrorbuddy_search (rowid, title, body, material_id) VALUES (new.rowid, new.title, new.body, new.id);
        END
        """,
        """
        CREATE TRIGGER mirrorbuddy_search_delete AFTER DELETE ON mirrorbuddy_materials BEGIN
            DELETE FROM mirrorbuddy_search WHERE rowid = old.rowid;
        END
        """,
    ])

    /// How many times a server began reading a material: one that stopped the server twice (a crash,
    /// an out-of-memory kill) is not read a third time at start-up.
    static let mirrorBuddyReadAttempts = Migration(version: 18, name: "mirrorbuddy read attempts", statements: [
        "ALTER TABLE mirrorbuddy_materials ADD COLUMN read_attempts BIGINT NOT NULL DEFAULT 0",
    ])

    /// Why reading failed as a code the page translates, and whether the text is to name a material
    /// still waiting to be read (a reading resumed after a restart must know it too).
    static let mirrorBuddyFailureCodes = Migration(version: 19, name: "mirrorbuddy failure codes", statements: [
        "ALTER TABLE mirrorbuddy_materials ADD COLUMN failure_code TEXT",
        "ALTER TABLE mirrorbuddy_materials ADD COLUMN title_from_text BIGINT NOT NULL DEFAULT 0",
    ])

    /// Flashcards: each card with its FSRS memory (state, step, stability, difficulty, due, last
    /// review) and counts, every answer kept (the card's history), and the retention each student chose.
    static let mirrorBuddyCards = Migration(version: 20, name: "mirrorbuddy flashcards", statements: [
        """
        CREATE TABLE mirrorbuddy_cards (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            subject_id TEXT,
            material_id TEXT,
            front TEXT NOT NULL,
            back TEXT NOT NULL,
            source TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            state BIGINT NOT NULL,
            step BIGINT,
            stability DOUBLE PRECISION,
            difficulty DOUBLE PRECISION,
            due BIGINT NOT NULL,
            last_review BIGINT,
            reps BIGINT NOT NULL DEFAULT 0,
            lapses BIGINT NOT NULL DEFAULT 0)
        """,
        "CREATE INDEX mirrorbuddy_cards_by_due ON mirrorbuddy_cards (family_id, child_id, due)",
        """
        CREATE TABLE mirrorbuddy_card_reviews (
            id TEXT PRIMARY KEY,
            card_id TEXT NOT NULL REFERENCES mirrorbuddy_cards(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            at BIGINT NOT NULL,
            rating BIGINT NOT NULL,
            stage TEXT NOT NULL,
            interval_seconds DOUBLE PRECISION NOT NULL,
            stability DOUBLE PRECISION NOT NULL,
            difficulty DOUBLE PRECISION NOT NULL,
            retrievability DOUBLE PRECISION)
        """,
        "CREATE INDEX mirrorbuddy_card_reviews_by_card ON mirrorbuddy_card_reviews (card_id, at)",
        "CREATE INDEX mirrorbuddy_card_reviews_by_child ON mirrorbuddy_card_reviews (family_id, child_id, at)",
        """
        CREATE TABLE mirrorbuddy_card_settings (
            child_id TEXT PRIMARY KEY REFERENCES children(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            desired_retention DOUBLE PRECISION NOT NULL,
            updated_at BIGINT NOT NULL)
        """,
    ])

    /// Mind maps: each student's, the tree kept whole as JSON (the page edits it and sends it back
    /// whole, at the revision it read), maybe made from a material (one map a material).
    static let mirrorBuddyMaps = Migration(version: 21, name: "mirrorbuddy mind maps", statements: [
        """
        CREATE TABLE mirrorbuddy_maps (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            material_id TEXT,
            subject_id TEXT,
            title TEXT NOT NULL,
            nodes TEXT NOT NULL,
            node_count BIGINT NOT NULL,
            revision BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL)
        """,
        "CREATE INDEX mirrorbuddy_maps_by_child ON mirrorbuddy_maps (family_id, child_id, updated_at)",
    ])

    /// Quizzes: each kept whole (its questions, with their answers, as JSON: the page gets them
    /// one at a time without the answer), each answer in its own row (one a question: a second is
    /// refused by the key), and the hints taken (each lowers the quiz's XP).
    static let mirrorBuddyQuizzes = Migration(version: 22, name: "mirrorbuddy quizzes", statements: [
        """
        CREATE TABLE mirrorbuddy_quizzes (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            subject_id TEXT,
            material_id TEXT,
            title TEXT NOT NULL,
            language TEXT NOT NULL,
            questions TEXT NOT NULL,
            question_count BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            finished_at BIGINT,
            correct BIGINT NOT NULL DEFAULT 0,
            hints BIGINT NOT NULL DEFAULT 0,
            xp BIGINT NOT NULL DEFAULT 0)
        """,
        "CREATE INDEX mirrorbuddy_quizzes_by_child ON mirrorbuddy_quizzes (family_id, child_id, created_at)",
        """
        CREATE TABLE mirrorbuddy_quiz_answers (
            quiz_id TEXT NOT NULL REFERENCES mirrorbuddy_quizzes(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            subject_id TEXT,
            position BIGINT NOT NULL,
            given TEXT NOT NULL,
            correct BIGINT NOT NULL,
            at BIGINT NOT NULL,
            PRIMARY KEY (quiz_id, position))
        """,
        "CREATE INDEX mirrorbuddy_quiz_answers_by_child ON mirrorbuddy_quiz_answers (family_id, child_id, at)",
        """
        CREATE TABLE mirrorbuddy_quiz_hints (
            quiz_id TEXT NOT NULL REFERENCES mirrorbuddy_quizzes(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            position BIGINT NOT NULL,
            at BIGINT NOT NULL,
            PRIMARY KEY (quiz_id, position))
        """,
    ])

    /// The coach's search: each ready material cut into passages (`Study.Passages`) and their
    /// stemmed terms with counts, so BM25 is the same arithmetic on both databases; a material's
    /// passages are current when `passages_version` equals its `text_version`, which goes up when
    /// its title or text changes (they are made again on the first question after). And the notes to the parent when a child said something
    /// worrying: the kind and the time, never the words.
    static let mirrorBuddyCoach = Migration(version: 23, name: "mirrorbuddy coach", statements: [
        "ALTER TABLE mirrorbuddy_materials ADD COLUMN text_version BIGINT NOT NULL DEFAULT 1",
        "ALTER TABLE mirrorbuddy_materials ADD COLUMN passages_version BIGINT",
        "ALTER TABLE mirrorbuddy_materials ADD COLUMN key_terms TEXT",
        """
        CREATE TABLE mirrorbuddy_passages (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            material_id TEXT NOT NULL REFERENCES mirrorbuddy_materials(id) ON DELETE CASCADE,
            position BIGINT NOT NULL,
            heading TEXT,
            body TEXT NOT NULL,
            term_count BIGINT NOT NULL)
        """,
        "CREATE INDEX mirrorbuddy_passages_by_child ON mirrorbuddy_passages (child_id, family_id)",
        "CREATE UNIQUE INDEX mirrorbuddy_passages_by_material ON mirrorbuddy_passages (material_id, position)",
        """
        CREATE TABLE mirrorbuddy_passage_terms (
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            term TEXT NOT NULL,
            passage_id TEXT NOT NULL REFERENCES mirrorbuddy_passages(id) ON DELETE CASCADE,
            material_id TEXT NOT NULL,
            occurrences BIGINT NOT NULL,
            PRIMARY KEY (child_id, family_id, term, passage_id))
        """,
        "CREATE INDEX mirrorbuddy_passage_terms_by_material ON mirrorbuddy_passage_terms (material_id)",
        "CREATE INDEX mirrorbuddy_passage_terms_by_passage ON mirrorbuddy_passage_terms (passage_id)",
        """
        CREATE TABLE mirrorbuddy_coach_alerts (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            at BIGINT NOT NULL)
        """,
        "CREATE INDEX mirrorbuddy_coach_alerts_by_child ON mirrorbuddy_coach_alerts (child_id, family_id, at)",
    ])

    /// The weekly digest by e-mail: on or off for the family, the time zone its week is counted in,
    /// and the last week sent (one instance claims each week).
    static let mirrorBuddyDigest = Migration(version: 24, name: "mirrorbuddy weekly digest", statements: [
        """
        CREATE TABLE mirrorbuddy_digests (
            family_id TEXT PRIMARY KEY REFERENCES families(id) ON DELETE CASCADE,
            enabled BIGINT NOT NULL,
            time_zone TEXT NOT NULL,
            last_week TEXT,
            updated_at BIGINT NOT NULL)
        """,
    ])
}

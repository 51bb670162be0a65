extension Migrations {
    /// SpeakUp's takes (features and analysis as JSON, the recording's file), each profile's
    /// settings with the parent's recording switch, and search inside transcripts.
    static let speakUp = Migration(version: 10, name: "speakup takes, settings and search", statements: [
        """
        CREATE TABLE speakup_takes (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            prompt_id TEXT,
            created_at BIGINT NOT NULL,
            seconds DOUBLE PRECISION NOT NULL,
            word_count BIGINT NOT NULL,
            wpm DOUBLE PRECISION NOT NULL,
            filler_count BIGINT NOT NULL,
            score BIGINT,
            stars BIGINT,
            favorite BIGINT NOT NULL DEFAULT 0,
            transcript TEXT NOT NULL,
            features TEXT NOT NULL,
            analysis TEXT NOT NULL,
            digest TEXT NOT NULL,
            analysis_version BIGINT NOT NULL,
            audio_key TEXT,
            audio_bytes BIGINT NOT NULL DEFAULT 0)
        """,
        "CREATE INDEX speakup_takes_by_child ON speakup_takes (family_id, child_id, created_at)",
        """
        CREATE TABLE speakup_settings (
            child_id TEXT PRIMARY KEY REFERENCES children(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            settings TEXT,
            keep_recordings BIGINT NOT NULL DEFAULT 1,
            updated_at BIGINT NOT NULL)
        """,
    ], sqlite: [
        // Search inside transcripts: FTS5 with the Porter stemmer ("talking" finds "talk").
        "CREATE VIRTUAL TABLE speakup_search USING fts5(transcript, take_id UNINDEXED, tokenize = 'porter unicode61')",
        // Kept in step by the database itself, also when a child's deletion cascades to the takes.
        """
        CREATE TRIGGER speakup_search_insert AFTER INSERT ON speakup_takes BEGIN
            INSERT INTO speakup_search (transcript, take_id) VALUES (new.transcript, new.id);
        END
        """,
        """
        CREATE TRIGGER speakup_search_delete AFTER DELETE ON speakup_takes BEGIN
            DELETE FROM speakup_search WHERE take_id = old.id;
        END
        """,
    ], postgres: [
        "CREATE INDEX speakup_takes_search ON speakup_takes USING GIN (to_tsvector('english', transcript))",
    ])

    /// A speaker's own prompts (written one by one or imported from CSV); one text once per profile.
    static let speakUpPrompts = Migration(version: 11, name: "speakup custom prompts", statements: [
        """
        CREATE TABLE speakup_prompts (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            text_key TEXT NOT NULL,
            category TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            seconds BIGINT NOT NULL,
            for_kids BIGINT NOT NULL,
            created_at BIGINT NOT NULL)
        """,
        "CREATE UNIQUE INDEX speakup_prompts_text ON speakup_prompts (family_id, child_id, text_key)",
    ])

    /// Practice between talks: each warm-up or calm exercise done (later drills and read-aloud too).
    static let speakUpPractice = Migration(version: 12, name: "speakup practice", statements: [
        """
        CREATE TABLE speakup_practice (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            item_id TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            seconds DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX speakup_practice_by_child ON speakup_practice (family_id, child_id, created_at)",
    ])

    /// A drill's result beside the practice record: its score, whether it passed, and what was heard (JSON).
    static let speakUpDrills = Migration(version: 13, name: "speakup drill results", statements: [
        "ALTER TABLE speakup_practice ADD COLUMN score BIGINT",
        "ALTER TABLE speakup_practice ADD COLUMN passed BIGINT",
        "ALTER TABLE speakup_practice ADD COLUMN result TEXT",
    ])

    /// The course's readings and reviews a profile ticked (practices, drills and exercises complete on evidence),
    /// the goals a profile set, and when a take was first listened back to (Brave Listener).
    static let speakUpCourse = Migration(version: 14, name: "speakup course, goals and listening", statements: [
        """
        CREATE TABLE speakup_course_ticks (
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            activity_id TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (child_id, activity_id))
        """,
        """
        CREATE TABLE speakup_goals (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            ends_at BIGINT NOT NULL)
        """,
        "CREATE INDEX speakup_goals_by_child ON speakup_goals (family_id, child_id, started_at)",
        "ALTER TABLE speakup_takes ADD COLUMN listened_at BIGINT",
    ])

    /// Family challenges: a take's score or stars for another member of the family to beat on the same
    /// prompt, and the takes that answered each (a take answers every open challenge on its prompt; a
    /// deleted take's answer is kept without it, so a challenge beaten stays beaten with its best).
    static let speakUpChallenges = Migration(version: 15, name: "speakup family challenges", statements: [
        """
        CREATE TABLE speakup_challenges (
            id TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            from_child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            to_child_id TEXT NOT NULL REFERENCES children(id) ON DELETE CASCADE,
            prompt_id TEXT NOT NULL,
            from_take_id TEXT NOT NULL,
            measure TEXT NOT NULL,
            target INTEGER NOT NULL,
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            beaten_at BIGINT)
        """,
        "CREATE INDEX speakup_challenges_to ON speakup_challenges (family_id, to_child_id, created_at)",
        "CREATE INDEX speakup_challenges_from ON speakup_challenges (family_id, from_child_id, created_at)",
        """
        CREATE TABLE speakup_challenge_answers (
            id TEXT PRIMARY KEY,
            take_id TEXT REFERENCES speakup_takes(id) ON DELETE SET NULL,
            challenge_id TEXT NOT NULL REFERENCES speakup_challenges(id) ON DELETE CASCADE,
            family_id TEXT NOT NULL REFERENCES families(id) ON DELETE CASCADE,
            value INTEGER NOT NULL,
            created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX speakup_challenge_answers_by_challenge ON speakup_challenge_answers (challenge_id)",
        "CREATE INDEX speakup_challenge_answers_by_take ON speakup_challenge_answers (take_id)",
    ])
}

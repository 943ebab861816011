import ClubhousePersistence

/// The schema this build writes: where every file it opens ends up, whichever release made it.
let newestSchema = AppDatabase.schemaVersion

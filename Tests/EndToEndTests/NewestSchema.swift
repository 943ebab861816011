import ClubhousePersistence

/// The schema this build writes: where every file it opens ends up, whichever release made it.
let newestSchema = AppDatabase.schemaVersion

/// GRDB's record of an upgraded file, one identifier a line: every migration this build has, in
/// order (a new migration is added here once).
let everyMigration = [
    "0001_initial", "0002_navigation_v2", "0003_football_gather", "0004_username_keys", "0005_bookkitty",
    "0006_kept_drafts", "0007_scenes", "0008_sync", "0009_device_cookie", "0010_page_stacks", "0011_user_settings",
    "0012_shirt_number", "0013_username_skeletons",
].joined(separator: "\n")

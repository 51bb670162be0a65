import Foundation

/// The four codescan rules whose logic reads a whole file (plist values, Expo config).
public enum FileRules {
    /// The purpose-string keys the anchor checks, with the names it prints.
    public static let purposeKeys: [(key: String, name: String)] = [
        ("NSCameraUsageDescription", "Camera"), ("NSMicrophoneUsageDescription", "Microphone"),
        ("NSPhotoLibraryUsageDescription", "Photo Library"), ("NSPhotoLibraryAddUsageDescription", "Photo Library Add"),
        ("NSLocationWhenInUseUsageDescription", "Location When In Use"), ("NSLocationAlwaysAndWhenInUseUsageDescription", "Location Always"),
        ("NSLocationAlwaysUsageDescription", "Location Always (legacy)"), ("NSBluetoothAlwaysUsageDescription", "Bluetooth"),
        ("NSMotionUsageDescription", "Motion"), ("NSFaceIDUsageDescription", "Face ID"), ("NSUserTrackingUsageDescription", "Tracking"),
        ("NSContactsUsageDescription", "Contacts"), ("NSCalendarsUsageDescription", "Calendars"), ("NSRemindersUsageDescription", "Reminders"),
        ("NSSpeechRecognitionUsageDescription", "Speech Recognition"), ("NSHealthShareUsageDescription", "Health Share"),
        ("NSHealthUpdateUsageDescription", "Health Update"), ("NSHomeKitUsageDescription", "HomeKit"),
        ("NSAppleMusicUsageDescription", "Media Library"), ("NSLocalNetworkUsageDescription", "Local Network"),
    ]

    static let vaguePhrases: [NSRegularExpression] = [
        #"^(?:camera|location|microphone|photo|photos|contacts|calendar|bluetooth) access\.?$"#,
        #"^this app (?:needs|requires|uses) (?:it|this|access|your [a-z ]+)\.?$"#,
        #"^(?:needed|required|for the app|to function|for functionality|necessary|permission needed)\.?$"#,
        #"^(?:we need (?:it|this|access)|need access|please allow(?: access)?)\.?$"#,
        // The stock templates (Expo's config plugins, tutorials): who asks and for what, never why.
        #"^(?:allow|let) (?:\$\((?:PRODUCT_NAME|EXECUTABLE_NAME)\)|\$\{PRODUCT_NAME\}|this app|the app|[\w' .-]{1,40}) to (?:access|use) (?:your |the )?(?:camera|microphone|photos?|photo library|location|contacts|calendars?|reminders|bluetooth|motion(?: data)?|face ?id|speech recognition|media library|local network)(?: and [a-z ]+)?\.?$"#,
        #"^(?:\$\(PRODUCT_NAME\)|this app|the app|[\w' .-]{1,40}) (?:would like|wants|needs) (?:to )?(?:access|use) (?:to )?(?:your |the )?(?:camera|microphone|photos?|photo library|location|contacts|calendars?|reminders|bluetooth|motion(?: data)?|face ?id|speech recognition|media library|local network)\.?$"#,
    ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }

    /// Whether a purpose string says nothing about why (the anchor's list plus a few more).
    public static func isVague(_ value: String) -> Bool {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let range = NSRange(text.startIndex..., in: text)
        return vaguePhrases.contains { $0.firstMatch(in: text, range: range) != nil }
    }

    /// What is wrong with a purpose string as built: nothing, empty, or too vague (under 15
    /// characters or a stock phrase). Judged the same for project targets and .ipa files.
    enum PurposeProblem { case empty, vague }

    static func purposeProblem(_ value: String) -> (PurposeProblem, text: String)? {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return (.empty, text) }
        return text.count < 15 || isVague(text) ? (.vague, text) : nil
    }

    /// Parses XML or binary plist data into a dictionary.
    public static func dictionary(_ data: Data) -> [String: Any]? {
        (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
    }

    /// The 1-based line of `<key>name</key>` in an XML plist, or 0.
    static func line(ofKey key: String, in text: String) -> Int {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.contains("<key>\(key)</key>") { return number }
        }
        return 0
    }

    static func isInfoPlist(_ file: ProjectFile) -> Bool { file.kind == .plist && file.path.lowercased().hasSuffix("info.plist") }

    static func isExpoConfig(_ file: ProjectFile, text: String) -> Bool {
        let name = (file.path as NSString).lastPathComponent.lowercased()
        return file.kind == .json && name != "package.json" && (text.contains("\"expo\"") || text.contains("expo:"))
    }

    public static let rules: [FileRule] = [
        FileRule(id: "vague-purpose-string", severity: .warn, guideline: "5.1.1",
                 fix: "Say what the app does with the data and why, e.g. \"Take photos of your drawings to color them.\"",
                 kinds: [.plist]) { file, text, parsed in
            guard let plist = parsed else { return [] }
            return purposeKeys.compactMap { key, name in
                guard let value = plist[key] as? String, !value.trimmedSpaces.isEmpty, isVague(value) else { return nil }
                return ("\(name) purpose string is too vague", "\"\(value)\" does not tell the user why the app needs this.", line(ofKey: key, in: text))
            }
        },
        FileRule(id: "missing-privacy-keys", severity: .warn, guideline: "5.1.1",
                 fix: "Write a purpose string that explains why the app needs the permission.",
                 kinds: [.plist]) { file, text, parsed in
            guard isInfoPlist(file), let plist = parsed else { return [] }
            return purposeKeys.compactMap { key, name in
                guard let value = plist[key] as? String, value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
                return ("\(name) purpose string is empty", "\(key) is present but empty; the permission prompt would show no reason.",
                        line(ofKey: key, in: text))
            }
        },
        FileRule(id: "expo-config-check", severity: .warn, guideline: "2.1",
                 fix: "Set expo.ios.bundleIdentifier, expo.icon and a real expo.name.",
                 kinds: [.json]) { file, text, _ in
            guard isExpoConfig(file, text: text) else { return [] }
            var problems: [(title: String, detail: String, line: Int)] = []
            if !text.contains("bundleIdentifier") {
                problems.append(("Missing iOS bundle identifier in Expo config", "expo.ios.bundleIdentifier is not set.", 0))
            }
            if !text.contains("\"icon\"") && !text.contains("icon:") {
                problems.append(("Missing app icon in Expo config", "expo.icon is not set.", 0))
            }
            if let match = text.range(of: #"["']?name["']?\s*:\s*["'](?:my app|new app|test app)["']"#, options: [.regularExpression, .caseInsensitive]) {
                let number = text[..<match.lowerBound].filter { $0 == "\n" }.count + 1
                problems.append(("Generic app name in Expo config", "The app is still called by a template name.", number))
            }
            return problems
        },
        FileRule(id: "export-compliance", severity: .info, guideline: "5.4",
                 fix: "Set ITSAppUsesNonExemptEncryption (Info.plist) or ios.config.usesNonExemptEncryption (Expo) so uploads skip the export question.",
                 kinds: [.plist, .json]) { file, text, parsed in
            if isInfoPlist(file) {
                guard let plist = parsed, plist["ITSAppUsesNonExemptEncryption"] == nil else { return [] }
                return [("Export compliance key not set", "ITSAppUsesNonExemptEncryption is missing from \((file.path as NSString).lastPathComponent).", 0)]
            }
            if isExpoConfig(file, text: text), !text.contains("usesNonExemptEncryption") {
                return [("Export compliance key not set", "ios.config.usesNonExemptEncryption is missing from the Expo config.", 0)]
            }
            return []
        },
    ]
}

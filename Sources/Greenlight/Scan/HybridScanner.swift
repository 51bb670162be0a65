import Foundation

/// Hybrid apps (Capacitor, Cordova, React Native, Expo): the web or JavaScript code asks for the
/// camera, the microphone, photos or location through a plugin or a web API (`getUserMedia` in
/// a WKWebView), and iOS still needs the purpose string in the app's Info.plist; a push
/// registration needs aps-environment in the iOS project. Expo's config plugins add their own
/// generic purpose strings when the config sets none.
struct HybridScanner: Sendable {
    struct Need: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        let key: String
        let name: String
        let patterns: [NSRegularExpression]
        /// Expo config plugins that add this key with a generic text when the config sets none.
        let expoPlugins: [String]
    }

    static func need(_ key: String, _ name: String, _ patterns: [String], expo: [String]) -> Need {
        Need(key: key, name: name, patterns: patterns.map { try! NSRegularExpression(pattern: $0) }, expoPlugins: expo)
    }

    static let needs: [Need] = [
        need("NSCameraUsageDescription", "Camera",
             [#"getUserMedia\s*\(\s*\{[^}]*\bvideo\s*:\s*(?!false\b)"#, #"\bCamera\.(?:getPhoto|checkPermissions|requestPermissions)\s*\("#,
              #"["']react-native-vision-camera["']|\buseCameraDevice\s*\("#, #"\bCameraView\b|\bCamera\.requestCameraPermissionsAsync\b|requestCameraPermissionsAsync\s*\("#,
              #"\blaunchCameraAsync\s*\(|\blaunchCamera\s*\("#, #"navigator\.camera\.getPicture\s*\("#],
             expo: ["expo-camera", "expo-image-picker"]),
        need("NSMicrophoneUsageDescription", "Microphone",
             [#"getUserMedia\s*\(\s*\{[^}]*\baudio\s*(?::\s*(?!false\b)|[,}])"#, #"getUserMedia\s*\(\s*\{\s*audio\b"#,
              #"\bAudio\.Recording\b|\bAudio\.requestPermissionsAsync\s*\(|\buseAudioRecorder\s*\("#, #"\bVoiceRecorder\.(?:startRecording|requestAudioRecordingPermission)\b"#,
              #"["']react-native-audio-recorder-player["']|["']@react-native-voice/voice["']"#],
             expo: ["expo-camera", "expo-av", "expo-audio"]),
        need("NSPhotoLibraryUsageDescription", "Photo Library",
             [#"\bCamera\.(?:getPhoto|pickImages)\s*\("#, #"\blaunchImageLibraryAsync\s*\(|\blaunchImageLibrary\s*\("#,
              #"\bMediaLibrary\.(?:getAssetsAsync|requestPermissionsAsync)\b"#],
             expo: ["expo-image-picker", "expo-media-library"]),
        need("NSLocationWhenInUseUsageDescription", "Location",
             [#"navigator\.geolocation\.(?:getCurrentPosition|watchPosition)\s*\("#, #"\bGeolocation\.(?:getCurrentPosition|watchPosition)\s*\("#,
              #"\bLocation\.(?:requestForegroundPermissionsAsync|getCurrentPositionAsync)\s*\("#],
             expo: ["expo-location"]),
    ]

    static let push = try! NSRegularExpression(
        pattern: #"\bPushNotifications\.register\s*\(|\bregisterDeviceForRemoteMessages\s*\(|\bgetDevicePushTokenAsync\s*\(|\bPushNotificationIOS\.requestPermissions\s*\("#)

    static let rules: [RuleInfo] = []  // reports through purpose-string-missing, purpose-string-vague and push-not-entitled

    /// What kind of hybrid app the files make, and where its iOS Info.plist and entitlements are.
    struct App {
        var infoPlists: [ScannedFile] = []
        var entitlements: [ScannedFile] = []
        var expoConfig: ScannedFile?
        var hasIOSProject: Bool { !infoPlists.isEmpty }
    }

    static func app(_ files: [ScannedFile]) -> App? {
        let names = Set(files.map { ($0.file.path as NSString).lastPathComponent })
        let packageText = files.filter { $0.file.path.hasSuffix("package.json") }.map(\.text).joined()
        let isHybrid = names.contains { $0.hasPrefix("capacitor.config.") } || names.contains("app.json") || names.contains("app.config.js")
            || names.contains("app.config.ts") || packageText.contains("\"react-native\"") || packageText.contains("\"@capacitor/core\"")
            || packageText.contains("\"cordova-ios\"")
        guard isHybrid else { return nil }
        var app = App()
        for file in files where file.file.path.hasPrefix("ios/") || file.file.path.contains("/ios/") {
            if file.file.path.hasSuffix("/Info.plist") && !file.file.isTest && !file.file.path.contains("Tests/") { app.infoPlists.append(file) }
            if file.file.kind == .entitlements { app.entitlements.append(file) }
        }
        app.expoConfig = files.first { ["app.config.js", "app.config.ts", "app.json"].contains(($0.file.path as NSString).lastPathComponent) }
        return app
    }

    func scan(_ files: [ScannedFile]) -> [Finding] {
        guard let app = Self.app(files) else { return [] }
        let web = files.filter { $0.file.kind == .javascript && !$0.file.isTest }
        var findings: [Finding] = []
        let declared = Set(app.infoPlists.flatMap { file in
            (file.plist?.dictionary ?? [:]).compactMap { key, value in ((value as? String)?.isEmpty == false) ? key : nil }
        })
        let expoText = app.expoConfig?.text ?? ""
        // Needs met at the same line (Camera.getPhoto: camera and photos) make one finding.
        var missing: [String: (file: ScannedFile, line: LexedLine, needs: [Need])] = [:]
        for need in Self.needs {
            if app.hasIOSProject {
                guard !declared.contains(need.key), let (file, line) = Self.firstUse(need.patterns, in: web) else { continue }
                missing["\(file.file.path):\(line.number)", default: (file, line, [])].needs.append(need)
            } else if let config = app.expoConfig, !expoText.contains(need.key),
                      let plugin = need.expoPlugins.first(where: { expoText.contains("\"\($0)\"") || expoText.contains("'\($0)'") }) {
                let line = config.lines.first { $0.raw.contains("\"\(plugin)\"") || $0.raw.contains("'\(plugin)'") }
                findings.append(MetadataScanner.info("purpose-string-vague").finding(
                    source: .metadata, title: "\(need.name) purpose string left to \(plugin)'s default",
                    detail: "\(plugin) adds \(need.key) with its generic text (\"Allow $(PRODUCT_NAME) to access your \(need.name.lowercased())\") because the config sets none; App Review rejects purpose strings that do not say why (5.1.1).",
                    file: config.file.path, line: line?.number ?? 0, code: line?.raw.trimmedSpaces))
            }
        }
        for (_, use) in missing.sorted(by: { $0.key < $1.key }) {
            let names = use.needs.map(\.name).joined(separator: " and "), keys = use.needs.map(\.key).joined(separator: ", ")
            findings.append(MetadataScanner.info("purpose-string-missing").finding(
                source: .metadata, title: "\(names) used from web code without \(keys)",
                detail: "The app's JavaScript asks iOS for the \(names.lowercased()) (a plugin or a web API in the web view), and \(app.infoPlists[0].file.path) has no \(keys): the request fails or the app crashes, and the upload is rejected (ITMS-90683).",
                file: use.file.file.path, line: use.line.number, code: use.line.raw.trimmedSpaces))
        }
        findings += Self.remoteWebApp(files)
        if app.hasIOSProject, !app.entitlements.contains(where: { $0.text.contains("aps-environment") }),
           let (file, line) = Self.firstUse([Self.push], in: web) {
            findings.append(EntitlementsScanner.info("push-not-entitled").finding(
                source: .metadata, detail: "The app registers for push notifications from its JavaScript, but no entitlements file of the iOS project has aps-environment: registration fails on a device.",
                file: file.file.path, line: line.number, code: line.raw.trimmedSpaces))
        }
        return findings
    }

    static let serverURL = try! NSRegularExpression(pattern: #"^\s*url\s*:\s*['"](https?://[^'"]+)['"]"#)

    /// A Capacitor app whose `server.url` is a live website shows that site instead of its bundled
    /// web code: a thin wrapper (4.2) whose features can change after review (2.5.2). A local
    /// address (live reload while developing) is not.
    static func remoteWebApp(_ files: [ScannedFile]) -> [Finding] {
        guard let config = files.first(where: { ($0.file.path as NSString).lastPathComponent.hasPrefix("capacitor.config.") }),
              let rule = CodeScanner.ruleInfos.first(where: { $0.id == "webview-only" }) else { return [] }
        for line in config.lines {
            guard let match = serverURL.firstMatch(in: line.raw, range: NSRange(line.raw.startIndex..., in: line.raw)),
                  let range = Range(match.range(at: 1), in: line.raw) else { continue }
            let url = String(line.raw[range])
            guard !["localhost", "127.0.0.1", "10.0.2.2", "192.168.", "0.0.0.0"].contains(where: url.contains) else { continue }
            return [rule.finding(source: .metadata, title: "The iOS app shows a remote website",
                                 detail: "capacitor.config's server.url points the app at \(url): it shows the live site instead of its bundled web code, a thin wrapper (4.2) whose features can change after review (2.5.2).",
                                 file: config.file.path, line: line.number, code: line.raw.trimmedSpaces)]
        }
        return []
    }

    static var keywordIndex: KeywordGroups { ScanKeywords.hybrid }
    /// A line matching one of `needs`' or `push`'s patterns holds one of these (the prefilter, one
    /// group): distinctive words, since every file of every project is searched for them.
    static let keywordGroups: [[[UInt8]]] = [
        ["getusermedia", "camera.", "vision-camera", "usecameradevice", "cameraview", "requestcamerapermissionsasync", "launchcamera",
         "audio.recording", "audio.requestpermissionsasync", "useaudiorecorder", "voicerecorder.", "audio-recorder-player", "react-native-voice",
         "launchimagelibrary", "medialibrary.", "geolocation.", "location.requestforegroundpermissionsasync", "location.getcurrentpositionasync",
         "pushnotifications.register", "registerdeviceforremotemessages", "getdevicepushtokenasync", "pushnotificationios.requestpermissions"]
            .map(ByteSearch.lowered),
    ]

    static func firstUse(_ patterns: [NSRegularExpression], in files: [ScannedFile]) -> (ScannedFile, LexedLine)? {
        for file in files where keywordIndex.has(0, present: file.present) {
            if let line = file.lines.first(where: { line in patterns.contains { $0.matches(line.text) } }) { return (file, line) }
        }
        return nil
    }
}

import Foundation

/// The few statistics the metrics share; population forms throughout, as the original uses.
enum Statistics {
    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Population standard deviation.
    static func standardDeviation(_ values: [Double]) -> Double? {
        guard let mean = mean(values) else { return nil }
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
    }

    /// Coefficient of variation (SD ÷ mean); nil without values or with a mean of 0.
    static func variation(_ values: [Double]) -> Double? {
        guard let mean = mean(values), mean != 0, let deviation = standardDeviation(values) else { return nil }
        return deviation / mean
    }

    /// Percentile `p` (0…100) by linear interpolation between closest ranks of the sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = p / 100 * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down))
        let high = min(sorted.count - 1, low + 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }

    /// Pearson's r; nil with fewer than 2 pairs or a constant side.
    static func correlation(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count == y.count, x.count >= 2, let mx = mean(x), let my = mean(y) else { return nil }
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for index in x.indices {
            let dx = x[index] - mx, dy = y[index] - my
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }

    static func clamp(_ value: Double, _ range: ClosedRange<Double> = 0...100) -> Double {
        min(range.upperBound, max(range.lowerBound, value))
    }
}

/// A piecewise-linear curve through points sorted by x: flat before the first and after the last.
struct Curve: Sendable {
    let points: [(x: Double, y: Double)]

    init(_ points: [(Double, Double)]) { self.points = points.map { (x: $0.0, y: $0.1) } }

    func callAsFunction(_ x: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if x <= first.x { return first.y }
        if x >= last.x { return last.y }
        for index in 1..<points.count where x <= points[index].x {
            let a = points[index - 1], b = points[index]
            return a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
        }
        return last.y
    }
}

/// "m:ss", the way a person reads a moment in a recording.
func clockTime(_ seconds: Double) -> String {
    let whole = max(0, Int(seconds.rounded(.down)))
    return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
}

extension Double {
    /// Rounded to `places` decimals, for stored numbers a person or a benchmark reads.
    func rounded(places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

import CoreMotion
import CoreLocation

final class Steps {
    let pedometer = CMPedometer()
    let location = CLLocationManager()

    func start() {
        location.requestWhenInUseAuthorization()
        pedometer.startUpdates(from: Date()) { _, _ in }
    }
}

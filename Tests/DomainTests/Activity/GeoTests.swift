import Domain
import Foundation
import Testing

@Suite("Geo: haversine distances")
struct GeoTests {
    @Test("the mean Earth radius, as documented")
    func radius() {
        #expect(Geo.earthRadius == 6_371_008.8)
    }

    @Test("one degree of latitude or of longitude on the equator is 111.195 km on the mean sphere")
    func oneDegree() {
        #expect(isClose(Geo.distance(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0), 111_195.080, within: 0.001))
        #expect(isClose(Geo.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 1), 111_195.080, within: 0.001))
        #expect(isClose(Geo.distance(latitude1: 37, longitude1: 127, latitude2: 38, longitude2: 127), 111_195.080, within: 0.001))
    }

    @Test("Seoul City Hall to Busan City Hall is 325.1 km (WGS84 geodesic 324.9 km, gpxpy 325.5 km)")
    func seoulBusan() {
        let d = Geo.distance(latitude1: 37.5663, longitude1: 126.9779, latitude2: 35.1796, longitude2: 129.0756)
        #expect(isClose(d, 325_098.866, within: 0.01))
        // Within 0.1 % of the ellipsoidal distance (324 902.5 m, GeographicLib).
        #expect(abs(d - 324_902.5) / 324_902.5 < 0.001)
        let back = Geo.distance(latitude1: 35.1796, longitude1: 129.0756, latitude2: 37.5663, longitude2: 126.9779)
        #expect(isClose(back, d, within: 1e-6))
    }

    @Test("the same point is zero apart; antipodes are half a circumference, not NaN")
    func extremes() {
        #expect(Geo.distance(latitude1: 37.5, longitude1: 127, latitude2: 37.5, longitude2: 127) == 0)
        let antipodes = Geo.distance(latitude1: 10, longitude1: 20, latitude2: -10, longitude2: -160)
        // asin is ill-conditioned next to 1: a fraction of a metre in 20 000 km.
        #expect(isClose(antipodes, Double.pi * Geo.earthRadius, within: 1))
    }

    @Test("3D adds the elevation difference; without both elevations it is the 2D distance")
    func threeD() {
        let low = pointNorth(0, elevation: 100)
        let high = pointNorth(300, elevation: 500)
        #expect(isClose(Geo.distance2D(low, high), 300, within: 1e-6))
        #expect(isClose(Geo.distance3D(low, high), 500, within: 1e-6))
        let unknown = pointNorth(300)
        #expect(Geo.distance3D(low, unknown) == Geo.distance2D(low, unknown))
        #expect(Geo.distance3D(pointNorth(0, elevation: 7), pointNorth(0, elevation: 10)) == 3)
    }

    @Test("bounds of points; none without points")
    func bounds() {
        let points = [TrackPoint(latitude: 37.5, longitude: 127.1), TrackPoint(latitude: 37.7, longitude: 126.9),
                      TrackPoint(latitude: 37.6, longitude: 127.0)]
        #expect(Bounds(points: points) == Bounds(minLatitude: 37.5, maxLatitude: 37.7, minLongitude: 126.9, maxLongitude: 127.1))
        #expect(Bounds(points: [TrackPoint]()) == nil)
    }
}

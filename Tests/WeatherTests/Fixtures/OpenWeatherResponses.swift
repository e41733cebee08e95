/// Bodies in the shape of OpenWeather's `GET /data/2.5/weather?units=metric` answers, field for
/// field as its API documentation and its live answers show them (compact JSON, every block the
/// service sends, not only the fields Tend reads). Written for these tests, not captured live.
enum OpenWeatherResponses {
    /// Seoul on a clear spring afternoon.
    static let seoulClear = #"""
    {"coord":{"lon":126.978,"lat":37.5665},"weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01d"}],"base":"stations","main":{"temp":21.34,"feels_like":20.79,"temp_min":20.66,"temp_max":22.69,"pressure":1014,"humidity":47,"sea_level":1014,"grnd_level":1008},"visibility":10000,"wind":{"speed":2.57,"deg":280},"clouds":{"all":0},"dt":1715058000,"sys":{"type":1,"id":8105,"country":"KR","sunrise":1715026853,"sunset":1715077204},"timezone":32400,"id":1835848,"name":"Seoul","cod":200}
    """#

    /// Lisbon on a rainy winter night: two conditions, a `rain` block, an integer temperature.
    static let lisbonRainNight = #"""
    {"coord":{"lon":-9.1393,"lat":38.7223},"weather":[{"id":501,"main":"Rain","description":"moderate rain","icon":"10n"},{"id":701,"main":"Mist","description":"mist","icon":"50n"}],"base":"stations","main":{"temp":9,"feels_like":6.41,"temp_min":8.32,"temp_max":9.87,"pressure":1009,"humidity":93,"sea_level":1009,"grnd_level":1002},"visibility":4000,"wind":{"speed":5.66,"deg":210,"gust":11.32},"rain":{"1h":1.27},"clouds":{"all":100},"dt":1736890800,"sys":{"type":2,"id":2002765,"country":"PT","sunrise":1736841309,"sunset":1736876521},"timezone":0,"id":2267057,"name":"Lisbon","cod":200}
    """#

    /// The answer to a missing or wrong `appid`.
    static let invalidKey = #"""
    {"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}
    """#

    /// The answer when the account's request limit is exceeded.
    static let rateLimited = #"""
    {"cod":429,"message":"Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}
    """#
}

import Core
import Domain

/// The training, food and weight screens' words (BarBear: 오늘의 플랜, 세트, 기록, 식단, 체중).
extension WebWords {
    // MARK: Training

    var todaysPlanTitle: String { t("Today's plan", "오늘의 플랜") }
    var nothingPlanned: String { t("Nothing planned today: rest, or log what you did.", "오늘은 계획이 없어요. 쉬거나, 한 운동을 기록해요.") }
    var logSets: String { t("Log sets", "세트 기록") }
    var setsLabel: String { t("Sets, one per line", "세트 (한 줄에 하나)") }
    var setsHint: String {
        t("As a lifter writes them: back squat 100kg 5x5 · deadlift 140kg 3 @9 · pull-up 3x10 · row 2000m 7:32",
          "운동 일지처럼 써요: back squat 100kg 5x5 · deadlift 140kg 3 @9 · pull-up 3x10 · row 2000m 7:32")
    }
    var logIt: String { t("Log", "기록하기") }
    var todaysSessions: String { t("Today's sessions", "오늘의 운동") }
    var noSessionsToday: String { t("Nothing logged today yet.", "오늘은 아직 기록이 없어요.") }
    var records: String { t("Records", "기록") }
    var noRecords: String { t("No records yet: log a set.", "아직 기록이 없어요. 세트를 기록해 보세요.") }
    var heaviest: String { t("heaviest", "최고 중량") }
    var estimatedMax: String { t("e1RM", "추정 1RM") }
    func loggedSets(_ count: Int) -> String { ko ? "✓ \(count)세트를 기록했어요." : "✓ Logged \(count) \(count == 1 ? "set" : "sets")." }
    func newRecords(_ names: String) -> String { ko ? "🏆 새 기록: \(names)" : "🏆 New record: \(names)" }
    var openTraining: String { t("Open training", "운동 열기") }
    var weeklyPlan: String { t("Weekly plan and goal", "주간 플랜과 목표") }
    var editPlan: String { t("Edit the weekly plan and goal", "주간 플랜과 목표 고치기") }
    var goals: String { t("Goals", "목표") }
    var weeklyGoal: String { t("Sessions a week (weekly goal)", "주간 목표 (한 주 운동 횟수)") }
    var monthlySessionsGoal: String { t("Sessions a month (optional)", "월간 목표 횟수 (선택)") }
    var monthlyMinutesGoal: String { t("Minutes a month (optional)", "월간 목표 시간(분) (선택)") }
    var planByWeekday: String { t("What to train each day", "요일별 플랜") }
    var planHint: String { t("Empty: a rest day. Today's plan shows on Today.", "비우면 쉬는 날이에요. 오늘의 플랜은 홈에 보여요.") }
    var planSaved: String { t("✓ Saved the plan and goals.", "✓ 플랜과 목표를 저장했어요.") }
    /// A weekday's full name, 1 = Monday.
    func weekdayName(_ day: Int) -> String {
        ko ? Self.koreanWeekdays[day - 1] + "요일"
            : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][day - 1]
    }

    // MARK: Food

    var food: String { t("Food", "식단") }
    var searchFood: String { t("Search foods", "음식 검색") }
    var searchHint: String { t("Such as rice, 김치, banana, chicken breast.", "밥, 김치, 바나나, 닭가슴살처럼 검색해요.") }
    var search: String { t("Search", "검색") }
    var whatDidYouEat: String { t("What did you eat?", "무엇을 먹었나요?") }
    var results: String { t("Results", "검색 결과") }
    func noResults(_ query: String) -> String { ko ? "'\(query)'와(과) 맞는 음식이 없어요." : "No food matches '\(query)'." }
    var meal: String { t("Meal", "끼니") }
    var amount: String { t("Amount", "양") }
    var addToMeal: String { t("Add", "추가") }
    /// Short: a result's form does not wrap its lines (app.css keeps a list's forms on one line).
    var amountHint: String { t("Such as 150g, 2 bowl, 1/2 cup.", "예: 150g, 2 bowl, 1/2 cup") }
    var customFood: String { t("Add your own food", "직접 입력") }
    var customFoodHint: String { t("The values of one serving, from its label.", "1회 제공량의 영양 정보를 포장지에서 옮겨 적어요.") }
    var foodName: String { t("Name", "음식 이름") }
    var serving: String { t("One serving is", "1회 제공량") }
    var servingGrams: String { t("Grams in a serving", "1회 제공량 (g)") }
    var proteinGrams: String { t("Protein (g)", "단백질 (g)") }
    var carbsGrams: String { t("Carbohydrates (g)", "탄수화물 (g)") }
    var fatGrams: String { t("Fat (g)", "지방 (g)") }
    var addCustomFood: String { t("Save the food", "음식 저장") }
    func customFoodAdded(_ name: String) -> String { ko ? "✓ \(name)을(를) 저장했어요. 이제 끼니에 추가할 수 있어요." : "✓ Saved \(name): add it to a meal below." }
    func mealName(_ meal: Meal) -> String {
        switch meal {
        case .breakfast: t("Breakfast", "아침")
        case .lunch: t("Lunch", "점심")
        case .dinner: t("Dinner", "저녁")
        case .snack: t("Snack", "간식")
        }
    }
    func per100g(_ macros: Macros) -> String {
        ko ? "100 g당 \(Int(macros.kcal.rounded())) kcal · 단백질 \(Int(macros.protein.rounded())) g"
            : "\(Int(macros.kcal.rounded())) kcal per 100 g · protein \(Int(macros.protein.rounded())) g"
    }
    var todaysMeals: String { t("Today's meals", "오늘 먹은 것") }
    var nothingEaten: String { t("Nothing logged yet.", "아직 기록이 없어요.") }
    var rings: String { t("The day's rings", "오늘의 링") }
    func loggedFood(_ name: String, _ meal: Meal) -> String { ko ? "✓ \(mealName(meal))에 \(name)을(를) 추가했어요." : "✓ Added \(name) to \(mealName(meal).lowercased())." }
    var openFood: String { t("Open food", "식단 열기") }

    // MARK: Weight

    var logWeight: String { t("Log a weighing", "체중 기록") }
    func weightIn(_ unit: WeightUnit) -> String { ko ? "체중 (\(unit.rawValue))" : "Weight (\(unit.rawValue))" }
    var weighings: String { t("Weighings", "체중 기록") }
    var trendChart: String { t("Weight and trend", "체중과 추이") }
    var weightLogged: String { t("✓ Logged the weighing.", "✓ 체중을 기록했어요.") }
    var openWeight: String { t("Open weight", "체중 열기") }
}

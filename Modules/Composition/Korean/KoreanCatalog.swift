import Console

/// Tend in Korean (`--lang ko`, or a Korean `LANG`): every command's abstract, the help of the
/// common options, the errors a person meets in daily use. Commands are declared in English;
/// this is their one Korean source, keyed by command path, option name and error code.
/// `KoreanCatalogTests` checks that every command of the real tree has a Korean abstract.
public enum KoreanCatalog {
    public static let catalog = Catalog(
        language: .ko, abstracts: abstracts, discussions: discussions, options: options, arguments: arguments,
        errors: errors, phrases: phrases)

    // MARK: Commands

    /// By command path without `tend` (`""` is `tend` itself).
    static let abstracts: [String: String] = [
        "": "Tend: 터미널에서 하는 나 돌보기 — 인슐린, 운동, 러닝과 등산, 식단과 체중, "
            + "이별을 지나는 퀘스트 여정, 둘만의 공간, 알림까지.",
        "today": "홈 화면: 모든 기능의 오늘 카드를 한 번에 보여 줘요.",
        "version": "tend의 버전과 빌드한 커밋을 보여 줘요 (tend --version도 같아요).",
        "completion": "bash, zsh, fish용 자동 완성 스크립트를 출력해요.",
        "completion handles": "종류별 최근 기록의 핸들을 한 줄에 하나씩 보여 줘요 (자동 완성이 쓰는 목록).",
        "manpage": "tend의 매뉴얼 페이지(roff)를 출력해요: man -l <(tend manpage).",

        "insulin": "지효성·속효성 인슐린을 기록하고, 중복 투여를 막고, 나의 투여 패턴을 봐요.",
        "insulin log": "지금(또는 --at 시각에) 맞은 인슐린을 기록해요. "
            + "단위를 안 주면 기본 단위로 기록해요.",
        "insulin status": "오늘 지효성 인슐린을 맞았는지, 마지막 속효성 투여가 언제였는지 보여 줘요.",
        "insulin list": "투여 기록을 오래된 순서로 보여 줘요 (--from/--to로 기간을 좁힐 수 있어요).",
        "insulin edit": "투여 기록의 종류, 단위, 시각, 메모를 고쳐요.",
        "insulin delete": "잘못 남긴 투여 기록을 지워요.",
        "insulin calendar": "한 달을 보여 줘요: 지효성 투여일, 복약률, 평균 투여 시각, 연속 기록, "
            + "시간대별 속효성 투여.",
        "insulin chart": "한 달 차트를 SVG로 그려요: 날마다의 지효성 투여 시각, 속효성 투여 시각과 단위.",
        "insulin settings": "인슐린 이름, 기본 단위, 하루 시작 시각, 시간대, 중복 방지, "
            + "알림 시각을 보거나 바꿔요.",

        "glucose": "CGM 혈당을 인슐린 옆에: 내보내기 파일을 가져오고, 투여가 무엇을 했는지 봐요.",
        "glucose import": "LibreView나 Dexcom Clarity의 CSV, Nightscout entries JSON을 가져와요. 두 번 가져와도 늘지 않아요.",
        "glucose pull": "내 Nightscout 사이트의 혈당과 인슐린 기록을 지난번에 멈춘 곳부터 가져와요. 다시 해도 늘지 않아요.",
        "glucose report": "합의 기준의 목표 범위 내 시간, 평균, GMI, 변동성과 하루 혈당 프로필(--svg)을 보여 줘요.",
        "glucose doses": "투여가 한 일: 속효성 투여 때와 2·4시간 뒤 혈당(시간대별), 지효성 투여 뒤의 밤과 공복 혈당.",
        "glucose unit": "혈당 단위를 보거나 정해요: mg/dL 또는 mmol/L.",
        "nightscout": "tend-server의 Nightscout API: 업로더와 팔로워가 쓰는 API 시크릿과 액세스 토큰.",
        "nightscout secret": "API 시크릿을 만들어요 (예전 시크릿은 바로 막혀요). 한 번만 보여 줘요.",
        "nightscout token": "팔로워나 업로더가 쓸 액세스 토큰을 만들어요. 한 번만 보여 줘요.",
        "nightscout list": "살아 있는 API 시크릿과 토큰을 보여 줘요 (값은 보여 주지 않아요).",
        "nightscout revoke": "시크릿이나 토큰을 막아요: 그걸 쓰던 앱은 바로 거절돼요.",

        "workout": "운동 기록: 세트, WOD, 개인 기록(PR), XP, 스트릭과 목표.",
        "workout log": "세트를 기록해요: tend workout log \"back squat 100kg 5x5\" \"pull-up 3x10\".",
        "workout wod": "WOD 결과를 기록해요: AMRAP R+r, For Time M:SS 또는 cap+N, EMOM 라운드.",
        "workout list": "운동 세션 목록을 보여 줘요.",
        "workout show": "세션 하나를 자세히 보여 줘요.",
        "workout edit": "세션을 고쳐요 (개인 기록은 다시 계산해요).",
        "workout delete": "세션을 지워요 (개인 기록은 다시 계산해요).",
        "workout prs": "개인 기록: 최고 중량, 추정 1RM, 반복 횟수별 최고, 최고 세트 볼륨, 벤치마크 WOD.",
        "workout stats": "XP와 레벨, 스트릭, 이번 주 목표 진척, 이번 달 운동 시간, 오늘의 플랜.",
        "workout calendar": "이번 달 운동한 날을 한눈에 보여 줘요.",
        "workout goal": "목표를 보거나 정해요: 주간 횟수, 월간 횟수나 시간.",
        "workout import": "Strong이나 Hevy에 쌓인 운동 기록을 가져와요 (앱의 CSV 내보내기).",
        "workout import strong": "Strong의 CSV 내보내기를 가져와요 (설정 → 데이터 내보내기).",
        "workout import hevy": "Hevy의 CSV 내보내기를 가져와요 (설정 → 데이터 내보내기·가져오기).",
        "plan": "주간 플랜: 무슨 요일에 무엇을 운동할지.",
        "plan set": "요일의 플랜을 정해요: tend plan set mon \"legs: squat 5x5\" (TEXT를 비우면 지워요).",
        "plan show": "이번 주 플랜을 보여 줘요.",
        "plan today": "오늘의 플랜: 오늘 할 운동이에요.",
        "timer": "WOD·인터벌 타이머: amrap 12 | emom 10x1m | tabata | fortime --cap 20 "
            + "| intervals --work 40 --rest 20 --rounds 8 | rest 90.",
        "supps": "보충제: 섭취 일정, 오늘의 체크리스트, 복용률.",
        "supps add": "보충제를 섭취 시각(과 요일)과 함께 추가해요.",
        "supps list": "내 보충제와 이번 달 복용률을 보여 줘요.",
        "supps take": "지금 먹은 걸로 체크해요 (--force가 없으면 정해진 시각마다 한 번).",
        "supps today": "오늘의 체크리스트를 보여 줘요.",
        "supps remove": "보충제를 목록에서 빼요.",
        "exercises": "운동 종목 목록과 내가 추가한 종목.",
        "exercises list": "운동 종목을 보여 줘요 (QUERY와 맞는 것만).",
        "exercises add": "나만의 운동 종목을 추가해요.",

        "gpx": "시계, 휴대폰, GPS 기기의 GPX 파일을 읽어요.",
        "gpx stats": "GPX 파일의 통계: 거리, 고도, 시간, 속도, 구간 기록, 심박수. 아무것도 저장하지 않아요.",
        "run": "러닝: GPX에서 가져오거나 직접 입력하고, 구간 기록과 최고 기록을 봐요.",
        "run import": "GPX 파일에서 러닝을 가져와요.",
        "run add": "러닝을 직접 입력해요.",
        "run list": "러닝 목록과 이번 주, 이번 달 합계를 보여 줘요.",
        "run show": "러닝 하나를 보여 줘요: 통계, 구간 기록.",
        "run export": "러닝을 GPX 1.1 파일로 내보내요.",
        "run delete": "러닝 기록을 지워요.",
        "run bests": "최고 기록: 모든 러닝 안에서 가장 빠른 1 km, 5 km, 10 km.",
        "hike": "등산: GPX에서 가져오고, 고도와 예상 소요 시간을 봐요.",
        "hike import": "GPX 파일에서 등산 기록을 가져와요.",
        "hike add": "등산을 직접 입력해요.",
        "hike list": "등산 목록과 이번 주, 이번 달 합계를 보여 줘요.",
        "hike show": "등산 하나를 보여 줘요: 통계, 구간 기록, 예상 소요 시간.",
        "hike export": "등산 기록을 GPX 1.1 파일로 내보내요.",
        "hike delete": "등산 기록을 지워요.",
        "hike estimate": "GPX 경로의 예상 등산 시간: Naismith, Tobler, DIN 33466을 실제 시간과 나란히 보여 줘요.",
        "places": "저장한 장소(박스, 집)와 그곳까지 걸어가는 시간.",
        "places add": "장소를 저장해요 (같은 이름이 있으면 위치를 옮겨요).",
        "places list": "저장한 장소를 보여 줘요.",
        "places remove": "저장한 장소를 지워요.",
        "places eta": "한 지점에서 장소까지 걷는 시간을 어림해요 (도로망 없이 계산한 추정치예요).",

        "food": "음식 표: USDA SR24(8,858가지), 한국 음식과 내가 추가한 음식을 오프라인으로 검색해요.",
        "food import-usda": "USDA SR24 표를 가져와요 (cronometer jar나 그 폴더). 여러 번 해도 같아요.",
        "food search": "음식을 찾아요: 단어마다 앞부분이 맞으면 돼요 (\"chick bre\").",
        "food show": "음식 하나의 단위별 양과 모든 영양소를 보여 줘요.",
        "food add": "나만의 음식을 추가해요 (1회 제공량 기준의 값).",
        "food fav": "음식을 즐겨찾기에 넣어요 (검색할 때 먼저 나와요).",
        "food unfav": "즐겨찾기에서 빼요.",
        "diet": "아침·점심·저녁·간식 끼니별 식단을 칼로리와 매크로 목표에 견주어 봐요.",
        "diet log": "음식을 기록해요: tend diet log breakfast \"oat\" \"1 cup\" (usda:ID나 quick 250kcal도 돼요).",
        "diet today": "오늘 하루: 끼니, 목표 대비 합계, 남은 양.",
        "diet week": "최근 7일: 목표 대비 평균 섭취량, 목표에 맞춘 날(±10 %).",
        "diet edit": "기록한 음식의 양을 고쳐요.",
        "diet delete": "기록한 음식을 지워요.",
        "diet copy": "다른 날의 끼니를 복사해요: tend diet copy yesterday breakfast.",
        "diet goals": "하루 목표를 보거나 정해요: 칼로리, 그리고 매크로를 그램이나 칼로리 비율(30%)로.",
        "weight": "체중, 체지방, 근육량과 부드럽게 다듬은 추이.",
        "weight log": "체중을 기록해요 (kg, 또는 'lb'를 붙여 파운드로: 160lb).",
        "weight list": "모든 체중 기록을 보여 줘요.",
        "weight delete": "잘못 적은 체중 기록을 지워요.",
        "weight trend": "체중 추이(The Hacker's Diet)와 주간 변화를 보여 줘요.",

        "quest": "보리와 함께 하루 한 퀘스트씩, 이별을 지나는 30개의 퀘스트 여정.",
        "quest start": "여정을 시작해요: 닉네임, 지금의 감정, 원하는 퀘스트 유형을 정해요.",
        "quest today": "보리의 메시지와 오늘의 퀘스트, 그리고 팁을 보여 줘요.",
        "quest answer": "오늘의 질문 퀘스트에 답해요 (터미널에서 TEXT를 비우면 $EDITOR가 열려요).",
        "quest done": "오늘의 행동 퀘스트를 완료로 표시해요.",
        "quest show": "지금 여정의 퀘스트 하나와 내가 쓴 글을 보여 줘요.",
        "quest edit": "완료한 퀘스트에 쓴 글을 고쳐요 (터미널에서 TEXT를 비우면 $EDITOR가 열려요).",
        "quest progress": "여정의 단계, 퀘스트, 진행률, 날짜를 보여 줘요.",
        "quest journeys": "지금 진행 중인 여정과 끝낸 여정들을 보여 줘요.",
        "quest review": "여정 하나를 내가 쓴 글과 함께 처음부터 다시 읽어요.",
        "quest export": "여정을 마크다운 파일로 저장해요.",
        "quest new": "여정을 마친 뒤 새 여정을 시작해요 (따로 고르지 않으면 다른 유형으로).",
        "quest remind": "매일 퀘스트 알림: 시각을 정하거나, 끄고 켜거나, 지금 설정을 보여 줘요.",
        "quest delete": "여정과 그 안에 쓴 글을 모두 지워요.",

        "account": "tend-server에 가입하고, 로그인·로그아웃하고, 이 컴퓨터가 어떤 계정을 쓰는지 봐요.",
        "account signup": "tend-server에 계정을 만들고 로그인해요.",
        "account login": "tend-server에 로그인해요. 토큰은 서버를 쓰는 명령을 위해 저장해요.",
        "account logout": "로그아웃해요: 서버의 토큰을 폐기하고 이 컴퓨터에서도 잊어요.",
        "account whoami": "이 컴퓨터가 로그인한 계정을 서버가 아는 그대로 보여 줘요.",
        "account update": "다른 사람에게 보이는 이름이나 내 시간대를 바꿔요 (이사나 긴 여행 뒤에).",
        "account delete": "서버의 내 계정을 영영 지워요: 계정에 든 모든 기록, 사진, 세션, 알림까지 (비밀번호를 다시 물어요).",
        "erase": "이 데이터베이스에서 내 기록 전부를 영영 지워요 (공용 음식 표는 남아요). 먼저 내보내 두세요.",

        "couple": "Our Bridge: 둘만의 조용한 공간 — "
            + "기분, 서로의 시간과 날씨, 다음 만남, 캘린더, 챙김, 하루 한 장의 사진.",
        "couple create": "상대에게 보낼 초대 코드를 만들어요 "
            + "(24시간 유효, 새로 만들면 이전 코드는 사라져요).",
        "couple join": "상대의 초대 코드로 공간에 들어가요.",
        "couple show": "공간에 누가, 언제부터, 어디에 있는지 보여 줘요.",
        "couple disconnect": "두 사람의 공유 공간을 끝내요 (각자 30일 동안 자기 글을 내려받을 수 있어요).",
        "couple home": "홈: 다음 만남, 오늘의 다리, 두 사람의 시간과 날씨, 두 사람의 기분, 최근의 순간들.",
        "couple mood": "오늘의 기분을 나눠요 (오늘 다시 하면 바뀌어요).",
        "couple location": "내 도시와 좌표를 정해요 (상대에게는 도시, 그곳의 시간과 날씨가 보여요).",
        "couple meet": "다음 만남을 정해요 (다가오는 만남을 바꾸고, 지난 만남은 남겨 둬요).",
        "couple cal": "함께 쓰는 캘린더: 일정, 기념일, 누구의 일정인지.",
        "couple cal add": "일정을 추가해요.",
        "couple cal list": "캘린더의 한 달을 보여 줘요 (보는 것도 오늘의 다리에 더해져요).",
        "couple cal delete": "일정을 지워요.",
        "couple care": "챙김 목록: 나나 상대를 위해 기억할 작은 일들.",
        "couple care add": "챙길 일을 추가해요.",
        "couple care list": "남은 일을 기한 순서로, 그다음 끝낸 일을 보여 줘요.",
        "couple care done": "챙길 일을 끝냈다고 표시해요 (둘 중 누구나 할 수 있어요).",
        "couple care delete": "챙길 일을 지워요.",
        "couple photo": "오늘의 한 장을 나눠요 (하루 한 장, 다시 올리면 바뀌어요). "
            + "'photo get'으로 내려받아요.",
        "couple photo get": "그날의 사진을 내려받아요 — 내 사진, 또는 --partner로 상대의 사진.",
        "couple bridge": "오늘의 다리: 서로의 하루에 얼마나 함께했는지 보여 줘요.",
        "couple archive": "공간에 쓰고 올린 모든 것을 내려받아요 (연결을 끊은 뒤 30일 동안).",

        "notify": "알림: 보낼 곳(ntfy, 웹훅), 방해 금지 시간, 테스트, 기록과 받은 알림함.",
        "notify channel": "알림을 보낼 곳.",
        "notify channel add": "알림 채널을 추가해요.",
        "notify channel add ntfy": "ntfy 토픽 URL (ntfy.sh나 직접 운영하는 서버).",
        "notify channel add webhook": "JSON을 받는 URL. 한 번만 보여 주는 비밀 키로 서명해요.",
        "notify channel list": "알림 채널을 보여 줘요.",
        "notify channel remove": "알림 채널을 지워요.",
        "notify test": "모든 채널에 테스트 알림을 보내요.",
        "notify quiet": "방해 금지 시간을 정해요 (기본 23:30–07:30): 알림은 끝날 때까지 기다려요. "
            + "인슐린 알림은 예외예요.",
        "notify list": "알림을 최신 순으로 보여 줘요.",
        "notify inbox": "이 컴퓨터에서 읽지 않은 알림 (읽으면 읽음으로 표시해요).",
        "remind": "서버 없이 이 컴퓨터에서 보내는 알림.",
        "remind run": "알림 규칙을 살펴 멈출 때까지 알림을 보내요 (데스크톱, ntfy, 웹훅, 알림함).",

        "sync": "이 기기를 tend-server의 내 계정과 동기화해요: 여기서 새로 쓴 것을 보내고, 나머지를 받아요.",
        "sync status": "보낼 변경이 몇 개 남았는지, 마지막 동기화가 언제였는지, 어느 서버와 하는지 보여 줘요.",
        "sync conflicts": "병합에서 밀려난 값, 중복 투여 가능성, 서버가 거절한 변경을 보여 줘요.",
        "sync conflicts restore": "밀려난 값을 되살려요 (모든 기기에서 가장 새로운 수정이 돼요).",
        "sync conflicts ack": "충돌을 확인했다고 표시해요 (--all이면 남은 충돌 모두): 더는 보여 주지 않아요.",
        "export": "이 데이터베이스에 있는 내 기록 전부를 열린 형식의 zip 하나로 내보내요.",

        "import": "Tend 내보내기(`tend export`의 zip)를 되살려요. 두 번 가져와도 달라지지 않아요.",
    ]

    /// The paragraph after the abstract, where one is worth reading in Korean.
    static let discussions: [String: String] = [
        "import": "기록은 id로 맞춰요: 이 데이터베이스에 이미 있는 기록은 그대로 두고, 설정은 내 설정 위에 써요. "
            + "망가졌거나 Tend 것이 아닌 파일, 더 새로운 Tend가 만든 파일은 통째로 거절해요: 반쯤 가져오는 일은 없어요. "
            + "가져온 기록도 다른 기록처럼 동기화돼요.",
        "insulin": "투여는 기본으로 04:00에 시작하는 인슐린 하루에 속해요. "
            + "그래서 00:30의 투여는 전날 저녁으로 셈해요. "
            + "12시간 안에 지효성을 또 맞거나, "
            + "10분 안에 같은 단위의 속효성을 또 기록하면 거절해요 (종료 코드 3). "
            + "그래도 기록하려면 --force를 붙여요.",
        "quest": "5단계 × 6퀘스트의 두 가지 여정이 있어요: "
            + "글로 답하는 질문 퀘스트(감정 직면)와, "
            + "일상을 되찾는 작은 행동을 하는 행동 퀘스트(감정 정리)예요. "
            + "퀘스트는 하루에 하나씩 열려요. "
            + "내가 쓴 답은 내 데이터베이스에만 남고 로그에는 절대 나오지 않아요.",
        "couple": "공간은 tend-server에 있어요: 먼저 'tend account login'으로 로그인해요. "
            + "한 사람이 'tend couple create'로 코드를 만들어 보내고, "
            + "다른 사람이 'tend couple join CODE'로 들어와요. "
            + "인슐린, 운동, 식단, 퀘스트는 절대 공유하지 않아요.",
        "workout log": "SET 하나가 인자 하나예요: \"deadlift 140kg 3\", \"bench 225lb 1x5\", \"row 2000m 7:32\", \"burpee 50\", "
            + "\"bike 20cal\", \"squat 60kg 5 warmup\", \"deadlift 180kg 3 @9\".",
        "workout import strong": "Strong 내보내기의 두 형식을 모두 읽어요: ';'로 나뉘고 Weight Unit, Distance Unit 열이 있는 예전 형식과, "
            + "','로 나뉘는 새 형식이에요 (새 형식의 무게는 앱에 설정했던 단위예요: --unit). "
            + "워밍업 세트(Set Order W)는 워밍업으로 남고, 휴식 타이머는 빼요. 같은 파일을 다시 가져오면 새 기록만 더해요.",
        "workout import hevy": "단위는 머리글이 알려 줘요 (weight_kg 또는 weight_lbs). 워밍업 세트는 워밍업으로 남아요. "
            + "같은 파일을 다시 가져오면 새 기록만 더해요.",
        "timer": "터미널에서는 남은 시간, 구간과 라운드, 진행 막대를 보여 주고 바뀔 때마다 벨이 울려요. "
            + "스페이스는 일시 정지, q는 멈춤이에요. "
            + "터미널이 아니거나 --plan을 주면 일정만 출력해요. "
            + "시간에는 s나 m을 붙여요 (emom 10x1m은 1분씩 10라운드예요).",
        "sync": "모든 명령은 이 기기에 먼저 쓰고 네트워크를 기다리지 않아요. "
            + "'tend sync'(그리고 몇 분마다 'tend remind run')가 남은 변경을 보내고, "
            + "다른 기기와 API에서 쓴 것을 받아와요. "
            + "같은 칸을 두 기기에서 고치면 나중에 고친 쪽이 이기고, "
            + "밀려난 값은 충돌로 남아 되살릴 수 있어요.",
        "quest start": "감정: sad, angry, empty, anxious, regretful, confused, relieved "
            + "(또는 슬픔, 화남, 공허함, 불안, 후회, 혼란, 홀가분함).",
    ]

    // MARK: Options and arguments

    /// `"path --name"` for one command, `"--name"` for every command without its own.
    static let options: [String: String] = [
        "--db": "데이터베이스 파일 (기본: $TEND_DB, 없으면 $XDG_DATA_HOME/tend/tend.sqlite).",
        "--json": "텍스트 대신 JSON으로 출력해요 (스크립트를 위한 안정된 형태).",
        "--lang": "화면 언어: en 또는 ko (기본: $LANG에 따라, 없으면 en).",
        "--month": "볼 달 (기본: 이번 달).",
        "--date": "다른 날 (YYYY-MM-DD, yesterday; 기본: 오늘).",
        "--note": "짧은 메모.",
        "--limit": "몇 개까지 보여 줄지 (기본 10).",
        "--yes": "확인을 묻지 않아요.",
        "--plan": "타이머를 돌리지 않고 일정만 출력해요.",
        "--time-zone": "시간대 이름, 예: Asia/Seoul.",
        "--felt": "어땠는지: 1 최악 … 5 최고.",

        "insulin log --at": "맞은 시각: HH:MM (오늘), 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' 또는 ISO 8601.",
        "insulin log --note": "짧은 메모 (식사, 교정, 주사 부위…).",
        "insulin log --force": "중복 방지가 막아도 기록해요.",
        "insulin edit --at": "맞은 시각: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' 또는 ISO 8601.",
        "insulin edit --kind": "long(지효성) 또는 rapid(속효성).",
        "insulin edit --units": "단위, 0.5부터 100까지 0.5 단위로.",
        "insulin edit --note": "새 메모. 비우면 메모를 지워요.",
        "insulin edit --force": "중복 방지가 막아도 저장해요.",
        "insulin status --format": "text(카드) 또는 line(프롬프트나 상태 표시줄용 한 줄).",
        "insulin list --from": "첫 인슐린 날, YYYY-MM-DD.",
        "insulin list --to": "마지막 인슐린 날, YYYY-MM-DD (포함).",
        "insulin chart --svg": "SVG 파일을 쓸 곳 (필수).",
        "insulin settings --long-name": "지효성 인슐린의 이름.",
        "insulin settings --rapid-name": "속효성 인슐린의 이름.",
        "insulin settings --long-units": "지효성 기본 단위.",
        "insulin settings --rapid-units": "속효성 기본 단위.",
        "insulin settings --day-starts": "인슐린 하루가 시작하는 시각 (기본 04:00).",
        "insulin settings --time-zone": "시간대 이름, 예: Asia/Seoul (기본: 시스템 설정).",
        "insulin settings --long-guard-hours": "이 시간 안의 두 번째 지효성 투여를 막아요 (기본 12, 0이면 꺼요).",
        "insulin settings --rapid-window-minutes": "이 시간 안에 같은 속효성 투여를 또 하면 막아요 "
            + "(기본 10, 0이면 꺼요).",
        "insulin settings --reminder": "지효성 투여 알림 시각 (기본 22:00).",

        "supps add --amount": "한 번에 먹는 양 (필수).",
        "supps add --unit": "g, mg, capsule, scoop … (필수).",
        "supps add --at": "먹는 시각 HH:MM[,HH:MM] (필수).",
        "supps add --days": "요일 (기본: 매일).",
        "supps take --force": "오늘 모든 시각을 이미 먹었어도 하나 더 체크해요.",
        "workout list --from": "첫날.",
        "workout list --to": "마지막 날 (포함).",
        "workout goal --weekly": "주간 횟수 (월요일부터 한 주).",
        "workout goal --monthly-sessions": "월간 횟수.",
        "workout goal --monthly-minutes": "월간 운동 시간(분).",
        "workout import strong --unit": "파일에 단위가 없을 때의 무게 단위: kg 또는 lb (기본: 내 표시 단위).",
        "workout import strong --distance-unit": "파일에 단위가 없을 때의 거리 단위: km, mi 또는 m (기본: kg이면 km, lb이면 mi).",
        "workout import strong --dry-run": "파일을 읽고 확인해서 무엇이 더해질지만 알려 줘요. 아무것도 저장하지 않아요.",
        "workout import hevy --dry-run": "파일을 읽고 확인해서 무엇이 더해질지만 알려 줘요. 아무것도 저장하지 않아요.",

        "diet goals --kcal": "하루 칼로리.",
        "diet goals --protein": "단백질 그램, 또는 칼로리 비율.",
        "diet goals --carbs": "탄수화물 그램, 또는 칼로리 비율.",
        "diet goals --fat": "지방 그램, 또는 칼로리 비율.",
        "diet today --svg": "하루를 SVG 링으로도 그려요.",
        "weight log --fat": "체지방률(%).",
        "weight log --muscle": "근육량.",
        "weight trend --svg": "체중과 추이를 SVG 파일로도 그려요.",

        "quest start --nickname": "보리가 나를 부를 이름.",
        "quest start --feeling": "지금의 감정.",
        "quest start --style": "question(글쓰기) 또는 action(행동).",
        "quest start --pace": "퀘스트 사이의 날 수 (기본 1: 하루 하나).",
        "quest new --style": "question 또는 action.",
        "quest remind --at": "알림 시각.",
        "quest remind --on": "알림을 다시 켜요 (정해 둔 시각에).",
        "quest remind --off": "알림을 꺼요 (시각은 다시 켤 때를 위해 남아요).",
        "quest export --out": "저장할 곳 (필수).",
        "account delete --yes": "확인을 묻지 않아요 (터미널이 아니면 꼭 필요해요).",
        "erase --yes-delete-everything": "확인: 이 데이터베이스의 내 기록을 전부 영영 지워요 (필수).",
        "sync conflicts --acknowledged": "이미 확인한 충돌도 보여 줘요.",
        "sync conflicts ack --all": "남은 충돌 모두.",
        "export --to": "zip을 쓸 곳 (기본: 여기에 tend-export-YYYY-MM-DD.zip).",
    ]

    /// `"path <name>"` for one command, `"<name>"` for every command without its own.
    static let arguments: [String: String] = [
        "insulin log <kind>": "어떤 인슐린인지.",
        "insulin log <units>": "맞은 단위, 0.5부터 100까지 0.5 단위로 (기본: 설정값).",
        "insulin edit <id>": "투여 기록의 id (`tend insulin list`에서).",
        "insulin delete <id>": "투여 기록의 id (`tend insulin list`에서).",
        "workout log <set>": "리프터가 쓰는 그대로의 세트 하나.",
        "workout import strong <file>": "Strong에서 내보낸 CSV 파일.",
        "workout import hevy <file>": "Hevy에서 내보낸 CSV 파일.",
        "supps add <name>": "예: creatine.",
        "supps take <name>": "보충제 이름.",
        "supps remove <name>": "보충제 이름.",
        "diet log <meal>": "breakfast(아침), lunch(점심), dinner(저녁), snack(간식).",
        "diet log <food>": "음식 id (usda:01001), 찾을 단어(가장 잘 맞는 것), 또는 'quick'.",
        "diet log <amount>": "40g, 1 cup, 2 tbsp, 1.5 slice, 3 oz — 또는 빠른 기록으로 250kcal.",
        "diet edit <id>": "기록의 id.",
        "diet delete <id>": "기록의 id.",
        "weight log <weight>": "72.5, 72.5kg 또는 160lb.",
        "food search <query>": "찾을 단어.",
        "quest show <number>": "퀘스트 번호, 1-30.",
        "quest answer <text>": "내 답. 표준 입력으로 넘겨도 돼요.",
        "<journey-id>": "`tend quest journeys`에서.",
        "plan set <weekday>": "mon, tue, wed, thu, fri, sat, sun 중 하나.",
        "plan set <text>": "운동할 내용.",
        "sync conflicts restore <id>": "충돌: 'tend sync conflicts'에 보이는 핸들, 또는 id.",
        "sync conflicts ack <id>": "충돌의 핸들 또는 id.",
        "import <file>": "`tend export`로 만든 zip 파일.",
    ]

    /// What an invalid value should look like, by the English the command declared.
    static let phrases: [String: String] = [
        "a number": "숫자",
        "a whole number of minutes": "분 단위의 정수",
        "minutes": "분",
        "grams": "그램",
        "kcal": "칼로리(kcal)",
        "kilograms": "킬로그램",
        "metres": "미터",
        "a percent": "퍼센트",
        "a number of units such as 10 or 4.5": "10이나 4.5 같은 단위 수",
        "long or rapid": "long(지효성) 또는 rapid(속효성)",
        "a date as YYYY-MM-DD": "YYYY-MM-DD 형식의 날짜",
        "a date YYYY-MM-DD": "YYYY-MM-DD 형식의 날짜",
        "YYYY-MM-DD, today or yesterday": "YYYY-MM-DD, today 또는 yesterday",
        "a time as HH:MM": "HH:MM 형식의 시각",
        "a time HH:MM": "HH:MM 형식의 시각",
        "a month as YYYY-MM": "YYYY-MM 형식의 달",
        "a month YYYY-MM": "YYYY-MM 형식의 달",
        "1 to 5": "1부터 5까지",
        "HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or an ISO 8601 time with an offset":
            "HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' 또는 오프셋이 있는 ISO 8601 시각",
        "weekdays such as mon,wed,fri": "mon,wed,fri 같은 요일",
        "mon, tue, wed, thu, fri, sat or sun": "mon, tue, wed, thu, fri, sat, sun 중 하나",
        "breakfast, lunch, dinner or snack": "breakfast, lunch, dinner, snack 중 하나",
        "better, same or harder": "better, same, harder 중 하나",
        "a weight such as 72.5 or 160lb": "72.5나 160lb 같은 체중",
        "a quest number 1-30": "1부터 30까지의 퀘스트 번호",
        "a number of days 1-7": "1부터 7까지의 날 수",
        "a number 1-100": "1부터 100까지의 숫자",
        "a number of hours such as 12": "12 같은 시간 수",
        "a number of kilometres": "킬로미터 수",
        "H:MM:SS, MM:SS or minutes": "H:MM:SS, MM:SS 또는 분",
        "HH:MM[,HH:MM]": "HH:MM[,HH:MM]",
        "a latitude": "위도",
        "a longitude": "경도",
        "a latitude in degrees": "도 단위의 위도",
        "a longitude in degrees": "도 단위의 경도",
        "LAT,LON or LAT,LON,ELE": "LAT,LON 또는 LAT,LON,ELE",
    ]
}

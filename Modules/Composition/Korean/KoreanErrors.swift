/// The errors a person meets in daily use, in Korean: by `AppError.code`, or `code.key` where a
/// code has several messages (the throw site names the key and passes the values with
/// `AppError.with(key:_:)`). Codes not here are shown in English. The command to type next is
/// not part of a message: it follows on a line of its own (`CommandHints`).
extension KoreanCatalog {
    static let errors: [String: String] = [
        // Usage errors that commands report themselves.
        "usage.missing_option": "필요한 옵션이 빠졌어요: {option}.",

        // Insulin
        "invalid_units": "단위는 0보다 크고 100 이하여야 하고, 0.5 단위로 써 주세요 (입력: {units}).",
        "future_dose": "투여 시각 {date} {time}은(는) 아직 오지 않은 시각이에요. "
            + "실제로 맞은 시각을 적어 주세요.",
        "invalid_note": "메모가 너무 길어요 (최대 500자).",
        "duplicate_dose.long": "{date} {time}에 지효성 인슐린 {units}단위를 이미 기록했어요 "
            + "(간격이 {hours}시간보다 짧아요).",
        "duplicate_dose.rapid": "{date} {time}에 같은 {units}단위의 속효성 인슐린을 이미 기록했어요 "
            + "(간격이 {minutes}분보다 짧아요).",
        "suffix.force_log": " 그래도 기록하려면 --force를 붙여 주세요.",
        "suffix.force_save": " 그래도 저장하려면 --force를 붙여 주세요.",
        "dose_not_found": "{id}에 해당하는 투여 기록이 없어요.",
        "dose_not_found.none": "아직 투여 기록이 없어요.",
        "ambiguous_id": "'{id}'에 해당하는 기록이 {count}개예요: {matches}. 조금 더 길게 써 주세요.",
        "invalid_id": "id는 UUID여야 해요 (입력: '{id}').",
        "id_taken": "id {id}은(는) 이미 쓰이고 있어요.",
        "invalid_range": "끝 날짜 {end}이(가) 시작 날짜 {start}보다 앞서요.",
        "invalid_settings.name": "인슐린 이름은 1자부터 60자까지 쓸 수 있어요.",
        "invalid_settings.day_start": "인슐린 하루는 00:00부터 12:00 사이에 시작해야 해요 (입력: {time}).",
        "invalid_settings.long_guard": "지효성 중복 방지 시간은 0부터 48시간까지예요.",
        "invalid_settings.rapid_window": "속효성 중복 방지 시간은 0분부터 240분까지예요.",
        "invalid_time_zone": "알 수 없는 시간대예요: '{zone}' (Asia/Seoul이나 Europe/Berlin 같은 이름을 써 주세요).",

        // Import
        "export_too_new": "{path}은(는) 더 새로운 Tend가 만든 파일이에요 (형식 {version}): tend를 업데이트한 뒤 가져와 주세요.",
        "not_tend_export": "{path}은(는) Tend 내보내기 파일이 아니에요.",

        // Workout import (Strong, Hevy)
        "import_too_large": "파일이 {size} MiB예요. 내보내기 파일은 {limit} MiB까지 읽어요.",
        "invalid_import.utf16": "UTF-16 파일이에요: UTF-8(CSV UTF-8)로 저장한 뒤 다시 가져와 주세요.",
        "invalid_import.empty": "파일이 비어 있어요.",
        "invalid_import.binary": "{line}번째 줄에 NUL 바이트가 있어요: 텍스트 파일이 아니에요.",
        "invalid_import.encoding": "{line}번째 줄이 UTF-8 텍스트가 아니에요: 다시 내보내거나 UTF-8로 저장해 주세요.",
        "invalid_import.open_quote": "{line}번째 줄: 따옴표로 연 칸이 닫히지 않았어요.",
        "invalid_import.field_count": "{line}번째 줄의 칸은 {count}개인데 머리글은 {expected}개예요.",
        "invalid_import.other_app": "{expected}가 아니라 {app}의 내보내기예요: {app} 내보내기로 가져와 주세요.",
        "invalid_import.header": "{app}의 내보내기 머리글이 아니에요: {missing} 열이 없어요.",
        "invalid_import.set_order": "{line}번째 줄: Set Order '{value}'은(는) 세트 번호, W(워밍업), D(드롭 세트), F(실패 세트)가 아니에요.",
        "invalid_import.number": "{line}번째 줄: {column} '{value}'은(는) 숫자가 아니에요.",
        "invalid_import.negative": "{line}번째 줄: {column} '{value}'이(가) 음수예요.",
        "invalid_import.range": "{line}번째 줄: {column} {value}은(는) 범위를 벗어나요.",
        "invalid_import.whole": "{line}번째 줄: {column} {value}은(는) 정수가 아니에요.",
        "invalid_import.unit": "{line}번째 줄: {column} '{value}'은(는) 알 수 없는 단위예요.",
        "invalid_import.no_exercise": "{line}번째 줄: {column}이(가) 비어 있어요.",
        "invalid_import.bad_name": "{line}번째 줄: {column}이(가) 100자를 넘거나 제어 문자가 들어 있어요.",
        "invalid_import.bad_title": "{line}번째 줄: 운동 세션 이름이 200자를 넘거나 제어 문자가 들어 있어요.",
        "invalid_import.bad_text": "{line}번째 줄: {column}이(가) 5,000자를 넘거나 제어 문자가 들어 있어요.",
        "invalid_import.duration": "{line}번째 줄: Duration '{value}'은(는) 1h 5m 같은 시간이 아니에요.",
        "invalid_import.date": "{line}번째 줄: {column} '{value}'은(는) 2024-11-28 17:36:08 같은 날짜와 시각이 아니에요.",
        "invalid_import.future": "{line}번째 줄: 아직 오지 않은 시각에 시작한 운동이에요 ({time}).",
        "invalid_import.no_sets": "파일에 세트가 하나도 없어요.",

        // Workout
        "invalid_exercise": "운동 이름은 2자부터 40자까지, 글자로 시작해야 해요.",
        "exercise_exists": "'{name}'은(는) 이미 있는 운동이에요.",
        "unknown_exercise": "'{name}'이라는 운동은 없어요.",
        "unknown_exercise.suggested": "'{name}'이라는 운동은 없어요. 혹시 '{suggestion}'인가요?",
        "empty_session": "세션에는 세트가 하나 이상 있거나 WOD 결과가 있어야 해요.",
        "invalid_felt": "--felt는 1부터 5까지예요.",
        "invalid_duration.session": "운동 시간은 0보다 크고 24시간 이하여야 해요.",
        "future_session": "아직 오지 않은 시각의 세션이에요.",
        "invalid_result.time": "완료 시간은 0보다 크고 24시간 이하여야 해요.",
        "invalid_result.cap": "타임캡은 0보다 크고 600분 이하여야 해요.",
        "invalid_result.over_cap": "완료 시간 {time}이(가) 타임캡 {cap}분을 넘었어요: cap+REPS로 써 주세요.",
        "workout_not_found": "{id}에 해당하는 운동 기록이 없어요.",
        "workout_not_found.none": "아직 운동 기록이 없어요.",
        "invalid_set.empty": "세트가 비어 있어요.",
        "invalid_set.unreadable": "'{set}'에서 '{token}'을(를) 읽을 수 없어요: "
            + "예를 들어 100kg 5 (무게와 횟수), 100 5, 100kg 5x5 (세트 x 횟수), "
            + "3x10, 2000m 7:32, 20cal, @8처럼 써 주세요.",
        "invalid_set.reps": "'{set}': 몇 회 했나요? 예: {example}",
        "invalid_goal.weekly": "주간 목표는 1회부터 14회까지예요.",
        "invalid_goal.monthly": "월간 목표는 1회부터 62회까지예요.",
        "invalid_goal.monthly_minutes": "월간 시간 목표는 1분부터 20,000분까지예요.",
        "invalid_goal.number": "'{field}'에는 정수를 써 주세요 (입력: '{text}').",
        "invalid_field.plan": "플랜은 최대 200자까지 쓸 수 있어요.",

        // Supplements
        "invalid_supplement.name": "이름은 1자부터 60자까지 쓸 수 있어요.",
        "invalid_supplement.amount": "양은 0보다 커야 해요.",
        "invalid_supplement.unit": "mg, g, capsule 같은 단위를 알려 주세요.",
        "invalid_supplement.times": "먹는 시각을 1개부터 12개까지 알려 주세요.",
        "invalid_supplement.weekdays": "요일은 mon부터 sun까지예요.",
        "supplement_exists": "'{name}'은(는) 이미 목록에 있어요.",
        "supplement_not_found": "'{name}'이라는 보충제가 없어요.",

        // Food and diet
        "empty_query": "찾을 단어를 알려 주세요.",
        "invalid_limit": "개수는 1부터 100까지예요.",
        "food_not_found.id": "{id} 음식이 없어요.",
        "food_not_found.match": "'{query}'와(과) 맞는 음식이 없어요.",
        "food_not_found.closest": "'{query}'와(과) 맞는 음식이 없어요. 가장 가까운 음식: {closest}",
        "invalid_food.name": "음식 이름은 1자부터 120자까지 쓸 수 있어요.",
        "invalid_food.number": "'{field}'에는 숫자를 써 주세요 (입력: '{text}').",
        "invalid_food.serving": "1회 제공량은 0 g보다 크고 5000 g 이하여야 해요.",
        "invalid_food.value": "{field} 값은 0 이상이어야 해요 (그리고 말이 되는 값이어야 해요).",
        "invalid_food.macros": "단백질, 탄수화물, 지방을 합친 무게({macros} g)가 "
            + "1회 제공량({grams} g)보다 무거울 수 없어요.",
        "invalid_food.kcal": "{grams} g에 {kcal} kcal는 어떤 음식보다도 많아요 (1 g에 최대 9 kcal).",
        "invalid_amount.text_kcal": "'{text}'은(는) 양으로 읽을 수 없어요: 40g, 1 cup, 2 tbsp, "
            + "1.5 slice나 250kcal처럼 써 주세요.",
        "invalid_amount.text": "'{text}'은(는) 양으로 읽을 수 없어요: 40g, 1 cup, 2 tbsp나 1.5 slice처럼 써 주세요.",
        "invalid_amount.kcal": "한 번에 최대 10,000 kcal까지 기록할 수 있어요.",
        "invalid_amount.quick": "빠른 기록은 kcal로 고쳐요. 예: 300kcal",
        "invalid_amount.grams": "{grams} g이에요: 양은 0보다 크고 10 kg 이하여야 해요.",
        "unknown_measure.known": "{food}에는 '{unit}' 단위가 없어요 (있는 단위: {known}; 또는 그램으로 써 주세요).",
        "unknown_measure.grams": "{food}에는 '{unit}' 단위가 없어요. 그램으로 써 주세요. 예: 100g",
        "entry_not_found": "{id}에 해당하는 식단 기록이 없어요.",
        "entry_not_found.none": "아직 식단 기록이 없어요.",
        "weight_not_found": "{id}에 해당하는 체중 기록이 없어요.",
        "weight_not_found.none": "아직 체중 기록이 없어요.",
        "meal_empty": "{date}의 {meal}에는 기록한 게 없어요.",
        "future_meal": "{date}은(는) 너무 먼 날이에요: 식사는 하루 전까지만 미리 기록할 수 있어요.",
        "invalid_date.out_of_range": "{date}은(는) {first}년부터 {last}년 사이의 날짜가 아니에요.",
        "invalid_goal.kcal": "칼로리 목표는 500부터 10,000까지예요.",
        "invalid_goal.macro": "매크로 목표는 0 g부터 2000 g까지예요.",
        "invalid_goal.percent": "비율은 0부터 100까지예요.",
        "invalid_goal.share": "단백질, 탄수화물, 지방이 칼로리 목표 {kcal} kcal의 {percent} %가 돼요. "
            + "합쳐서 100 %를 넘을 수 없어요 (매크로를 낮추거나 칼로리 목표를 올려 주세요).",

        // Weight
        "invalid_weight": "체중은 20 kg부터 400 kg까지예요 (입력: {kg}).",
        "invalid_body_fat": "체지방률은 2 %부터 75 %까지예요.",
        "invalid_muscle": "근육량은 0보다 크고 체중보다 작아야 해요.",
        "future_weight": "아직 오지 않은 시각의 체중 기록이에요.",

        // Quest
        "invalid_nickname": "닉네임은 1자부터 30자까지 쓸 수 있어요.",
        "invalid_pace": "퀘스트 간격은 1일부터 7일까지예요.",
        "journey_in_progress": "이미 진행 중인 여정이 있어요 ({date} 시작). 여정을 마치거나 지워 주세요.",
        "no_journey": "아직 여정이 없어요.",
        "journey_complete": "이 여정은 끝났어요: 새 여정을 시작해 보세요.",
        "wrong_quest_kind.action": "오늘은 행동 퀘스트예요: 완료로 표시해 주세요.",
        "wrong_quest_kind.question": "오늘은 질문 퀘스트예요: 질문에 답해 주세요.",
        "quest_not_done": "{number}번 퀘스트는 아직 완료하지 않아서 고칠 글이 없어요.",
        "journey_not_found": "id가 {id}인 여정이 없어요.",
        "invalid_field.reminder": "알림 시각은 21:00처럼 HH:MM으로 써 주세요 (입력: '{text}').",
        "nothing_to_change": "알림 시각을 주거나, 알림을 켜거나 꺼 주세요.",
        "invalid_quest_number": "퀘스트 번호는 1부터 {max}까지예요 (입력: {number}).",
        "answer_too_short.minimum": "답이 너무 짧아요: {minimum}자 이상 써 주세요 (천천히 써도 괜찮아요).",
        "answer_too_short.empty": "내용이 비어 있어요.",
        "answer_too_long": "글이 너무 길어요 (최대 {max}자).",

        // Photos (the couple's photo of the day)
        "empty_image": "먼저 사진을 골라 주세요.",
        "image_too_large": "사진이 10 MiB보다 커요.",
        "unsupported_image": "사진은 JPEG, PNG, WebP, HEIC만 올릴 수 있어요.",
        "invalid_image": "사진 파일이 손상됐거나 잘렸어요.",

        // Runs and hikes
        "activity_not_found": "{id}에 해당하는 러닝이나 등산 기록이 없어요.",
        "activity_not_found.none": "아직 러닝이나 등산 기록이 없어요.",
        "empty_track": "파일에 두 점 이상인 트랙이나 경로가 없어요.",
        "untimed_track": "트랙에 시각이 없어서 어느 날의 기록인지 알 수 없어요. 'add'로 직접 입력해 주세요.",
        "invalid_climb": "오르막은 0 m부터 20,000 m까지예요.",
        "future_activity": "이대로면 아직 오지 않은 시각에 끝나요. --at과 --duration을 확인해 주세요.",
        "no_track": "직접 입력한 기록이라 트랙이 없어요.",
        "already_imported.run": "이미 가져온 러닝이에요 (핸들 {handle}).",
        "already_imported.hike": "이미 가져온 등산이에요 (핸들 {handle}).",
        "implausible_speed": "{duration}에 {km} km는 사람이 걷거나 달릴 수 있는 속도보다 빨라요: 거리는 km, 시간은 H:MM:SS, MM:SS 또는 분으로 써 주세요.",

        // Account and sync. Errors that come back from the server carry no values (only a code
        // and a message), so their templates have no placeholders.
        "not_logged_in": "로그인하지 않았어요 (tend account login).",
        "database_of_another_account": "이 데이터베이스에는 다른 계정의 기록이 있어요. "
            + "이 계정은 새 데이터베이스로 써 주세요 (--db PATH 또는 TEND_DB).",
        "sync_protocol_outdated": "이 tend는 서버보다 오래된 동기화 방식을 써요: tend를 업데이트한 뒤 다시 동기화해 주세요.",
        "sync_protocol_missing": "요청에 동기화 프로토콜 버전이 없어요: tend를 업데이트해 주세요.",
        "sync_protocol_unsupported": "이 tend의 동기화 방식이 서버보다 새로워요: 서버를 업데이트해 주세요.",
        "batch_too_large": "한 번에 보내는 변경은 최대 1,000개, 1 MiB까지예요 (변경 하나만 보낼 때는 더 커도 돼요).",
        "sync_incomplete": "서버가 보낸 변경 일부에만 답했어요. 다시 동기화해 주세요.",
        "conflict_not_found": "{id}에 해당하는 충돌이 없어요 (tend sync conflicts로 목록을 볼 수 있어요).",
        "nothing_to_restore": "이 충돌에는 되살릴 값이 없어요. 대신 확인(ack)으로 표시해 주세요.",
        "clock_skew": "변경의 시계가 이 기기보다 너무 앞서 있어요. 기기들의 시계를 확인해 주세요.",
        "bad_server_response": "서버가 보낸 변경 목록을 읽을 수 없어요.",
    ]
}

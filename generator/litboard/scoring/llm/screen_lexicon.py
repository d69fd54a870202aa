"""The instruction-like phrases of the LLM-judge screen, per language (data only; ``screen``
compiles them). Every language of a track's pairs has an entry (``tests/scoring/test_screen.py``
checks it against ``litboard track list``), written as regular-expression fragments:

* ``ignore`` / ``rules``: a verb telling the reader to disregard something, and the evaluation
  words it would apply to (instructions, criteria, rubric, guidelines, prompt); within
  ``WINDOW`` characters in one sentence, the verb first (``free_order``: either first);
* ``give`` / ``score``: a verb asking for a mark, and the top mark (100, the maximum, full
  marks); ``perfect``: phrases that are a top mark on their own;
* ``address``: words addressed to the judge (you are an evaluator, a note to the grader).

Imperative forms, and evaluation words rather than everyday ones (German *Richter* and Russian
*судья* are left out: "du bist ein Richter" is a line of a novel). Measured on every released
translation of every track: none is flagged (the test above).
"""

from __future__ import annotations

WINDOW = 40  # characters; 15 where words are unspaced (ja, zh)
UNSPACED_WINDOW = 15
HUNDRED = r"100(?!\s?[.,]?\d)"  # not 100 000 or 100.5 (English: "answer 100"; the others
# ask for 100 points in words: "100 punktów", "100点")
LEXICON: dict[str, dict[str, str]] = {
    "en": {
        "ignore": r"ignore|disregard|forget|override|bypass",
        "rules": r"instructions?|rubric|prompt|guidelines?|rules|criteria|system message",
        "give": r"answer|respond|reply|output|return|give|assign|rate|score|award",
        "score": HUNDRED
        + r"|a perfect|full marks|the (?:highest|maximum|best) (?:score|rating|mark)",
        "perfect": r"(?:perfect|flawless) (?:score|rating)",
        "address": r"(?:you are|you're|act as) (?:an? |the )?(?:judge|evaluator|grader|rater|"
        r"annotator|assistant|model|ai|llm|gpt|claude)|dear (?:judge|evaluator|grader|ai|llm)|"
        r"(?:note|message|attention) (?:to|for) (?:the )?(?:judge|evaluator|grader|rater|"
        r"annotator|assistant|model|ai|llm)",
    },
    "pl": {
        "ignore": r"zignoruj\w*|ignoruj\w*|pomiń\w*|zapomnij|nie zwracaj\w* uwagi|"
        r"nie bierz\w* pod uwagę|lekceważ\w*",
        "rules": r"kryteri\w*|instrukcj\w*|wytyczn\w*|polece\w*|zasad\w*|regu\w*|rubryk\w*|"
        r"prompt\w*",
        "give": r"przyznaj\w*|daj\w*|wystaw\w*|oceń\w*|przydziel\w*|nadaj\w*|postaw\w*",
        "score": r"100 punkt\w*|sto punkt\w*|maksymaln\w* (?:ocen\w*|wynik\w*|liczb\w*|not\w*)|"
        r"najwyższ\w* (?:ocen\w*|wynik\w*|not\w*)|komplet punktów",
        "perfect": r"(?:idealn\w*|perfekcyjn\w*|bezbłędn\w*) (?:ocen\w*|wynik\w*)",
        "address": r"jesteś (?:sędzią|oceniającym|ewaluatorem|modelem językowym|asystentem)|"
        r"(?:uwaga|wiadomość|notatka|informacja) dla (?:oceniającego|ewaluatora|modelu|"
        r"asystenta|sędziego)|drogi (?:oceniający|ewaluatorze)",
    },
    "de": {
        "ignore": r"ignorier\w*|missachte\w*|vergiss|vergessen sie|übergeh\w*|beachte\w* nicht",
        "rules": r"anweisung\w*|anleitung\w*|\w*kriteri\w*|regeln|richtlinie\w*|vorgabe\w*|"
        r"rubrik|prompt|bewertungsschema",
        "give": r"gib|gebt|geben sie|vergib|vergebt|vergeben sie|erteile|bewerte\w*",
        "score": r"100 punkte?|hundert punkte|"
        r"die (?:höchste|maximale|volle) (?:punktzahl|bewertung|"
        r"note)|volle punktzahl|bestnote",
        "perfect": r"(?:perfekte|fehlerlose|makellose) (?:bewertung|punktzahl|note)",
        "address": r"du bist (?:ein|der) (?:bewerter|prüfer|gutachter|sprachmodell|assistent)|"
        r"sie sind (?:ein|der) (?:bewerter|prüfer|gutachter)|(?:hinweis|nachricht|notiz) "
        r"(?:an|für) (?:den|die) (?:bewerter\w*|prüfer\w*|gutachter\w*|ki)|lieber bewerter",
    },
    "nl": {
        "ignore": r"negeer|negeren|vergeet|veronachtzaam|sla\b[^.\n]{0,30}\bover",
        "rules": r"instructie\w*|\w*criteria|regels|richtlijn\w*|rubriek|prompt|opdracht",
        "give": r"geef|geeft u|ken\b[^.\n]{0,30}\btoe|beoordeel|wijs\b[^.\n]{0,30}\btoe",
        "score": r"100 punten|honderd punten|de (?:hoogste|maximale|volle) (?:score|punten|"
        r"beoordeling)|het maximale aantal punten",
        "perfect": r"(?:perfecte|foutloze) (?:score|beoordeling)",
        "address": r"je bent (?:een|de) (?:beoordelaar|evaluator|taalmodel|assistent)|"
        r"(?:opmerking|bericht|notitie) voor de (?:beoordelaar|evaluator|jury)|beste beoordelaar",
    },
    "cs": {
        "ignore": r"ignoruj\w*|nevšímej\w* si|zapomeň\w*|přehlédn\w*|nedbej\w*",
        "rules": r"kritéri\w*|instrukc\w*|pokyn\w*|pravidl\w*|zadání|rubrik\w*|prompt\w*",
        "give": r"dej|dejte|uděl|udělte|přiděl|přidělte|ohodnoť|ohodnoťte|oznámkuj\w*",
        "score": r"100 bodů|sto bodů|maximální\w* (?:počet bodů|hodnocení|skóre)|nejvyšší\w* "
        r"(?:hodnocení|skóre|známk\w*)|plný počet bodů",
        "perfect": r"(?:perfektní|dokonal\w*|bezchybn\w*) (?:hodnocení|skóre)",
        "address": r"jsi (?:hodnotitel|jazykový model|asistent)|(?:poznámka|zpráva|vzkaz) pro "
        r"(?:hodnotitele|porotu|model)|milý hodnotiteli",
    },
    "ru": {
        "ignore": r"игнорируй\w*|проигнорируй\w*|забудь\w*|не обращай\w* внимания|пренебреги\w*",
        "rules": r"инструкци\w*|критери\w*|правил\w*|указани\w*|рубрик\w*|промпт\w*",
        "give": r"поставь\w*|дай\w*|выстав\w*|присво\w*|присуди\w*|оцени\w*",
        "score": r"100 балл\w*|сто баллов|максимальн\w* (?:балл\w*|оценк\w*)|высш\w* (?:балл\w*|"
        r"оценк\w*)|наивысш\w* (?:балл\w*|оценк\w*)",
        "perfect": r"(?:идеальн\w*|безупречн\w*) (?:оценк\w*|балл\w*)",
        "address": r"ты (?:— )?(?:оценщик|эксперт-оценщик|языковая модель|ассистент|нейросеть)|"
        r"(?:примечание|сообщение|записка|заметка) для (?:оценщика|эксперта|модели|проверяющего)|"
        r"уважаемый (?:оценщик|проверяющий)",
    },
    "fr": {
        # "il ignore les règles" is ordinary prose: the singular imperative only opening a clause
        "ignore": r"ignorez|oubliez|(?<![\w'’] )(?<![\w'’])(?:ignore|oublie)|"
        r"ne (?:tiens|tenez) pas compte|fai(?:s|tes) abstraction",
        "rules": r"instructions?|consignes?|critères|règles|grille|rubrique|prompt",
        "give": r"donne[zr]?|attribue[zr]?|accorde[zr]?|mets|mettez|note[zr]?",
        "score": r"100 points|100 ?/ ?100|cent points|la note (?:maximale|la plus haute)|"
        r"le score maximal|"
        r"la meilleure note|20 ?/ ?20",
        "perfect": r"(?:note|score) parfait\w*",
        "address": r"(?:tu es|vous êtes) (?:un |une |l')?(?:évaluat\w+|correct\w+|modèle de "
        r"langage|assistant)|(?:note|message) (?:à|pour) l'(?:évaluat\w+|correct\w+)|"
        r"cher évaluateur",
    },
    "ca": {
        "ignore": r"ignora|ignoreu|oblida|oblideu|no tinguis en compte|no tingueu en compte",
        "rules": r"instruccions?|criteris|regles|pautes|rúbrica|indicacions",
        "give": r"dona|doneu|atorga|atorgueu|posa|poseu|puntua|puntueu",
        "score": r"100 punts|cent punts|la (?:nota|puntuació) màxima|la màxima puntuació|"
        r"la millor nota",
        "perfect": r"(?:nota|puntuació) perfecta",
        "address": r"ets (?:un |l')?(?:avaluador|model de llenguatge|assistent)|"
        r"(?:nota|missatge) per a l'avaluador|benvolgut avaluador",
    },
    "ja": {
        "ignore": r"無視|従わな",
        "rules": r"指示|評価基準|採点基準|基準|ルール|ガイドライン|プロンプト|命令",
        "give": r"付け|つけ|与え|あたえ|ください|にして|として",
        "score": r"100\s*点|百点|満点|最高点|最高評価",
        "perfect": r"満点を|最高得点を",
        "address": r"あなたは(?:評価者|採点者|審査員|ai|言語モデル|アシスタント)|"
        r"(?:評価者|採点者|審査員)(?:の方)?へ",
    },
    "zh": {
        "ignore": r"忽略|无视|無視|不要理会|不要理會",
        "rules": r"指令|指示|说明|說明|评分标准|評分標準|标准|標準|规则|規則|准则|準則|提示",
        "give": r"给|給|打|评为|評為|给予|給予",
        "score": r"100\s*分|一百分|满分|滿分|最高分",
        "perfect": r"打满分|打滿分|给满分|給滿分",
        "address": r"你是(?:一名|一个|一個|一位)?(?:评审|評審|评估者|評估者|评分员|評分員|ai|"
        r"语言模型|語言模型|助手)|(?:致|给|給)(?:评审|評審|评估者|評估者|评分员|評分員)",
    },
    "hi": {
        "ignore": r"(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|उपेक्षा) (?:करें|करो|कीजिए|कर दें|कर दो)",
        "rules": r"निर्देशों|निर्देश|मानदंडों|मानदंड|नियमों|नियम|दिशानिर्देशों|दिशानिर्देश|प्रॉम्प्ट",
        "give": r"दें|दीजिए|दो|प्रदान करें",
        "score": HUNDRED + r" अंक|पूरे अंक|पूर्ण अंक|अधिकतम अंक|सर्वोच्च अंक",
        "perfect": r"(?:पूरे|पूर्ण) अंक (?:दें|दीजिए)|100 में से 100",
        "address": r"आप (?:एक )?(?:मूल्यांकनकर्ता|निर्णायक|परीक्षक|एआई|भाषा मॉडल) हैं|"
        r"(?:मूल्यांकनकर्ता|निर्णायक|परीक्षक) के लिए (?:नोट|संदेश)",
    },
}
# word order is free enough that the object may come first ("Kryteria oceny zignoruj"; Hindi is
# verb-final: "निर्देशों को अनदेखा करें")
FREE_ORDER = frozenset({"pl", "cs", "ru", "ja", "zh", "hi"})
# spaced, but Python's \b falls inside words at Devanagari vowel signs (combining marks are not
# word characters): phrases without word boundaries, at the spaced window
NO_BOUNDARY = frozenset({"hi"})
# no spaces between words: no word boundaries around the phrases
UNSPACED = frozenset({"ja", "zh"})

import type { StarterArticle } from './starter-articles.js';

/**
 * The help category "Erste Hilfe" (issue 52, decisions "Walk weather and hazards"): what to do on the walk until the
 * vet takes over. Every article was checked against a vet's published guidance (a veterinary college, a veterinary
 * poisons service, vets' own advice pages) and names it with the date it was read; first-aid-articles.test.ts fails
 * for an article without one. Where the sources say nothing, the article says nothing. Facts change: check the
 * sources again before editing, and keep `as_of` honest.
 */
export interface FirstAidSource {
  name: string;
  url: string;
}

export interface FirstAidArticle extends StarterArticle {
  category: 'erste-hilfe';
  sources: FirstAidSource[];
  /** When the sources were read (YYYY-MM-DD). */
  as_of: string;
}

const VET_FIRST = 'Erste Hilfe ersetzt keinen Tierarzt: ruf im Zweifel sofort deine Praxis oder den tierärztlichen Notdienst an.';

/** The closing lines every article carries: the vet first, then the sources with their date. */
const footer = (sources: FirstAidSource[], asOf: string) =>
  `${VET_FIRST}\n\nQuellen (Stand ${asOf.split('-').reverse().join('.')}): ${sources.map((s) => `${s.name}, ${s.url}`).join('; ')}`;

function article(a: Omit<FirstAidArticle, 'category' | 'body'> & { text: string }): FirstAidArticle {
  const { text, ...rest } = a;
  return { ...rest, category: 'erste-hilfe', body: `${text}\n\n${footer(a.sources, a.as_of)}` };
}

export const FIRST_AID_ARTICLES: FirstAidArticle[] = [
  article({
    key: 'erste-hilfe-hitzschlag',
    title: 'Hitzschlag: erst kühlen, dann zum Tierarzt',
    as_of: '2026-12-02',
    sources: [
      {
        name: 'PDSA (Tierärzte und Tiermedizinische Fachangestellte), „First aid for heatstroke“',
        url: 'https://www.pdsa.org.uk/pet-help-and-advice/pet-health-hub/other-veterinary-advice/first-aid-for-heatstroke',
      },
      {
        name: 'Royal Veterinary College u. a., „Cooling Methods Used to Manage Heat-Related Illness in Dogs“, Vet. Sci. 2023',
        url: 'https://doi.org/10.3390/vetsci10070465',
      },
    ],
    text: `Anzeichen: sehr starkes Hecheln, Atemnot, viel Speichel, sehr rote Zunge und Schleimhäute, Taumeln, Erbrechen oder Durchfall, im schlimmsten Fall bricht dein Hund zusammen. Ein Hitzschlag ist ein Notfall.

So hilfst du: Bring deinen Hund sofort in den Schatten oder einen kühlen Raum und sorg für Luftzug (Ventilator, Klimaanlage). Kühl ihn, bevor ihr losfahrt: mach ihn mit Wasser nass, das kühler ist als er, und lass Luft darüber streichen – so kühlt die Verdunstung. Junge, gesunde Hunde dürfen auch in kühles Wasser. Nimm kein Eiswasser. Nasse Handtücher allein kühlen deutlich schlechter als Wasser mit Luftzug.

Biete kleine Schlucke Wasser an, zwing ihn nicht zu trinken. Ruf die Tierarztpraxis an, sobald du mit dem Kühlen angefangen hast, und kühl auf der Fahrt weiter. Lass ihn auch untersuchen, wenn es ihm schon besser geht: schwere Folgen zeigen sich oft erst später.

Vorbeugen: Lass deinen Hund nie im Auto, auch nicht kurz. Geh bei Hitze früh morgens oder spät abends und nimm Wasser mit.`,
  }),
  article({
    key: 'erste-hilfe-rattengift',
    title: 'Verdacht auf Rattengift oder Giftköder',
    as_of: '2026-12-02',
    sources: [
      {
        name: 'VCA Animal Hospitals / Pet Poison Helpline (Tierärztinnen), „Anticoagulant Rodenticide Poisoning in Dogs“',
        url: 'https://vcacanada.com/know-your-pet/rodenticide-warfarin-poisoning-in-dogs',
      },
      {
        name: 'Vetster (Tierärzte), „Rat Bait Poisoning (Anticoagulant Toxicosis) in Dogs“',
        url: 'https://vetster.com/en/conditions/dog/rat-bait-poisoning-anticoagulant-toxicosis-in-dogs',
      },
    ],
    text: `Das meiste Rattengift hemmt die Blutgerinnung. Dein Hund wirkt danach oft tagelang gesund, bis er innerlich blutet: Schwäche, blasses Zahnfleisch, schnelle Atmung, Husten, Blut im Urin oder Kot, blaue Flecken.

So hilfst du: Ruf sofort die Tierarztpraxis oder den Notdienst an, auch wenn dein Hund ganz normal wirkt – je früher die Behandlung beginnt, desto besser. Lass ihn nicht selbst erbrechen: dafür gibt es zu Hause keinen sicheren Weg. Der Tierarzt kann ihn erbrechen lassen und gibt das Gegenmittel (Vitamin K1), oft über mehrere Wochen.

Nimm die Verpackung mit oder fotografier das Etikett mit dem Wirkstoff: Die Mittel wirken verschieden, und der Wirkstoff bestimmt die Behandlung. Hast du einen Köder gefunden, pack ihn nicht mit bloßen Händen an, steck ihn in eine Tüte und nimm ihn mit. Melde den Fundort auf der Karte, damit andere gewarnt werden.`,
  }),
  article({
    key: 'erste-hilfe-blaualgen',
    title: 'Blaualgen: wenn dein Hund aus dem See kommt',
    as_of: '2026-12-02',
    sources: [
      {
        name: 'Animal PoisonLine (Veterinary Poisons Information Service), „Blue-green algae“',
        url: 'https://www.animalpoisonline.co.uk/blogs/2022/11/23/%F0%9F%92%A6-blue-green-algae-%F0%9F%92%A6/',
      },
      { name: 'Cheektowaga Veterinary Hospital, „Blue-green algae and dogs“', url: 'https://www.cheektowagavet.com/blue-green-algae-and-dogs/' },
    ],
    text: `Blaualgen (Cyanobakterien) wachsen vor allem bei Wärme in stehendem Süßwasser wie Seen und Teichen. Manche bilden Gifte. Hunde nehmen sie beim Trinken und Schwimmen auf – und wenn sie sich danach das Fell ablecken. Ob eine Blüte giftig ist, sieht man ihr nicht an.

Anzeichen können schon nach Minuten kommen: Erbrechen, Durchfall, Schwäche, Atemnot, Zittern, Krämpfe. Die Gifte schädigen Leber und Nerven.

So hilfst du: Spül deinen Hund gleich mit klarem Wasser ab, damit er nichts mehr aus dem Fell leckt, und fahr bei Verdacht sofort zur nächsten Tierarztpraxis – nicht erst, wenn Anzeichen kommen.

Vorbeugen: Lass ihn nicht in Wasser mit grünlicher oder bläulicher Schicht, Schlieren oder Schaum, und nimm ihn an Seen mit Warnschildern an die Leine.`,
  }),
  article({
    key: 'erste-hilfe-prozessionsspinner',
    title: 'Eichenprozessionsspinner: Brennhaare an Maul und Zunge',
    as_of: '2026-12-02',
    sources: [
      {
        name: 'Veterinary Poisons Information Service (VPIS), „Processionary moth caterpillars“ (2021)',
        url: 'https://www.vpisglobal.com/2021/04/06/processionary-moth-caterpillars/',
      },
      { name: 'The Finchley Vet, „The Oak Processionary Moth“', url: 'https://www.thefinchleyvet.co.uk/single-post/2018/05/20/the-oak-processionary-moth' },
    ],
    text: `Die Raupen tragen Brennhaare mit einem Gift, das Augen und Maul reizt. Die Haare brechen ab und werden vom Wind verweht, auch Nester sind gefährlich. Die Hauptzeit ist etwa April bis Juli.

Anzeichen nach Schnuppern oder Lecken: sehr viel Speichel, geschwollene Zunge, Lippen oder Nase, gerötete Augen, Würgen, Erbrechen, Atemnot.

So hilfst du: Ruf sofort die Tierarztpraxis an und fahr hin. Schwillt die Zunge an oder bekommt dein Hund schlecht Luft, ist es ein Notfall. Fass die Raupen, Nester und Haare nicht mit bloßen Händen an – sie reizen auch dich.

Vorbeugen: Meide Eichen mit Gespinsten und abgesperrte Wege und halt deinen Hund dort an der Leine.`,
  }),
  article({
    key: 'erste-hilfe-zecken',
    title: 'Zecken richtig entfernen',
    as_of: '2026-12-02',
    sources: [
      {
        name: 'ESCCAP Deutschland (Tierärztliche Parasitologie), „Wie entferne ich eine Zecke richtig?“',
        url: 'https://esccap.de/wie-entferne-ich-eine-zecke-richtig',
      },
    ],
    text: `Entfern eine Zecke gleich, wenn du sie findest: so haben Krankheitserreger weniger Zeit, übertragen zu werden.

So geht es: Nimm eine Zeckenzange oder ein anderes Werkzeug dafür, nicht die Finger – sonst quetschst du die Zecke und drückst Erreger in die Wunde. Gib vorher nichts auf die Zecke, kein Öl, keinen Alkohol, keinen Kleber. Fass sie dicht an der Haut und zieh sie gleichmäßig und nicht zu kräftig gerade heraus. Dreh sie nicht: dabei bleiben oft Teile in der Haut stecken. Es kann eine halbe Minute dauern, bis sie loslässt.

Danach: Winzige Zecken findet man nicht alle. Frag deine Tierarztpraxis nach einem Zeckenschutz.`,
  }),
  article({
    key: 'erste-hilfe-schnittverletzung-glas',
    title: 'Schnittverletzungen durch Glasscherben',
    as_of: '2026-12-02',
    sources: [
      {
        name: 'aktion tier e.V. (Tierärztin Dr. Tina Hölscher), „Erstversorgung einer Schnittverletzung“, 28.09.2020',
        url: 'https://brilon-totallokal.de/2020/09/28/erstversorgung-einer-schnittverletzung/',
      },
      {
        name: 'AniCura Kleintierspezialisten Ravensburg (Tierklinik), „Erste Hilfe: Blutende Wunden“',
        url: 'https://www.anicura.de/standorte/kleintierspezialisten-ravensburg/informationen/fur-tierbesitzer/praktische-hinweise-fur-alle-tierbesitzer/erste-hilfe/blutende-wunden/',
      },
      {
        name: 'KURIER-Tiercoach mit Tierärztin Katharina Reitl (Ordination Tiergarten Schönbrunn), Wundverband beim Hund, 15.09.2025',
        url: 'https://kurier.at/leben/gesellschaft/verband-hund-wunde-binde-wickeln-desinfektion-tupfer-tiercoach-zoodoc-reitl-haustier-verletzung/403081120',
      },
    ],
    text: `Scherben liegen auf Wiesen, an Grillplätzen und am Wasser. Ein Schnitt in den Ballen blutet oft stark und sieht schlimmer aus, als er ist.

Blutung stillen: Drück eine saubere Kompresse oder ein sauberes Tuch fest auf die Wunde oder leg einen Druckverband an. Meist hört die Blutung nach einigen Minuten auf. Spritzt hellrotes Blut stoßweise aus der Wunde oder hört es nicht auf zu bluten, fahr sofort zum Tierarzt.

Reinigen: Spül die Wunde mit sauberem Wasser, am besten mit physiologischer Kochsalzlösung, sonst mit handwarmem Trinkwasser. Entfern dabei Steinchen und Splitter vorsichtig, am besten mit einer Pinzette. Trockne die Pfote danach gründlich ab. Zum Desinfizieren eignet sich Jod.

Verband: Leg eine sterile Wundauflage auf, die nicht klebt, und polstere darüber mit Watte. Wichtig: Leg auch zwischen die Zehen Watte, an der Vorderpfote auch beim ersten Zeh weiter oben – ohne diese Polsterung entzündet sich die Haut zwischen den Zehen schnell, und das heilt schlecht. Wickel die Binde von den Zehen aufwärts und nimm die Zehen mit in den Verband. Zieh sie nicht fest: besser zu locker als zu fest, die Pfote darf nicht abgeschnürt werden. Wechsel einen selbst angelegten Verband jeden Tag.

Zum Tierarzt: Mit jeder größeren offenen Wunde, denn die Praxis entscheidet, ob sie genäht werden muss. Auch kleine Wunden sind oft weniger harmlos, als sie aussehen.`,
  }),
];

/**
 * Past forms of common irregular English verbs mapped to their base form, which stemming alone
 * cannot do ("drew" never stems to "draw"). Chat turns tell stories in the past tense while
 * questions often ask in the present ("What does she draw?").
 */
export const IRREGULAR_VERBS: ReadonlyMap<string, string> = new Map(
  `arose arise awoke awake was be were be been be bore bear borne bear beat beat beaten beat became become
began begin begun begin bent bend bet bet bit bite bitten bite bled bleed blew blow blown blow broke break
broken break bred breed brought bring built build burnt burn burst burst bought buy caught catch chose choose
chosen choose came come cost cost crept creep cut cut dealt deal dug dig did do done do drew draw drawn draw
dreamt dream drank drink drunk drink drove drive driven drive ate eat eaten eat fell fall fallen fall fed feed
felt feel fought fight found find fled flee flew fly flown fly forbade forbid forgot forget forgotten forget
forgave forgive forgiven forgive froze freeze frozen freeze got get gotten get gave give given give went go
gone go grew grow grown grow hung hang had have heard hear hid hide hidden hide hit hit held hold hurt hurt
kept keep knelt kneel knew know known know laid lay led lead leapt leap learnt learn left leave lent lend
let let lay lie lain lie lit light lost lose made make meant mean met meet paid pay put put quit quit read read
rode ride ridden ride rang ring rung ring rose rise risen rise ran run said say saw see seen see sought seek
sold sell sent send set set shook shake shaken shake shone shine shot shoot showed show shown show shrank shrink
shut shut sang sing sung sing sank sink sunk sink sat sit slept sleep slid slide spoke speak spoken speak
spent spend spun spin split split spread spread sprang spring stood stand stole steal stolen steal stuck stick
stung sting struck strike swore swear sworn swear swept sweep swam swim swum swim swung swing took take
taken take taught teach tore tear torn tear told tell thought think threw throw thrown throw understood
understand woke wake woken wake wore wear worn wear won win wound wind wrote write written write`
    .split(/\s+/)
    .reduce<Array<[string, string]>>((pairs, word, index, all) => {
      if (index % 2 === 0) pairs.push([word, all[index + 1] ?? word]);
      return pairs;
    }, []),
);
